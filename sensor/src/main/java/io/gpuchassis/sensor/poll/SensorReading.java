package io.gpuchassis.sensor.poll;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What is known about one sensor at {@code time}. Immutable.
 *
 * @param sensor which sensor
 * @param status OK, STALE, INVALID or FAILED
 * @param value the last good value (present for OK, STALE and INVALID once the sensor has ever been
 *     read; always empty when FAILED, so a failed sensor cannot be mistaken for a zero)
 * @param valueTime when {@code value} was read
 * @param time when this reading was produced
 * @param consecutiveFailures failed reads since the last good one
 * @param error the last failure's message, if the latest read failed
 */
public record SensorReading(
    SensorDescriptor sensor,
    ReadingStatus status,
    OptionalDouble value,
    Optional<Instant> valueTime,
    Instant time,
    int consecutiveFailures,
    Optional<String> error) {

  public SensorReading {
    if (status == ReadingStatus.FAILED && value.isPresent()) {
      throw new IllegalArgumentException("a FAILED reading carries no value");
    }
    if (value.isPresent() != valueTime.isPresent()) {
      throw new IllegalArgumentException("a value needs its time and vice versa");
    }
  }

  public String sensorId() {
    return sensor.id();
  }

  public boolean isOk() {
    return status == ReadingStatus.OK;
  }
}
