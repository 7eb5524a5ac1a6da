package io.gpuchassis.sensor.poll;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The latest reading of every sensor, from any number of pollers. Thread-safe; {@link #onReading}
 * is cheap and never blocks, so it can sit directly on the pollers' listener path.
 */
public final class ReadingCache implements ReadingListener {

  private final Map<String, SensorReading> latest = new ConcurrentHashMap<>();

  @Override
  public void onReading(SensorReading reading) {
    latest.put(reading.sensorId(), reading);
  }

  public Optional<SensorReading> get(String sensorId) {
    return Optional.ofNullable(latest.get(sensorId));
  }

  public Map<String, SensorReading> snapshot() {
    return Map.copyOf(latest);
  }
}
