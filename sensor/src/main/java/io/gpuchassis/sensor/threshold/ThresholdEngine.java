package io.gpuchassis.sensor.threshold;

import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Threshold monitors for many sensors, fed with poller readings. Only OK readings carrying a new
 * sample are evaluated: a STALE or FAILED reading, or a repeat of an already seen sample (a read
 * failed and the last value was re-reported), leaves the threshold state alone — its
 * trustworthiness is the roll-up's business, through {@link #states()}.
 *
 * <p>Thread-safety: synchronised, so pollers of several buses may feed it directly; the work per
 * reading is tiny.
 */
public final class ThresholdEngine {

  private final Map<String, ThresholdMonitor> monitors = new HashMap<>();
  private final Map<String, Instant> lastSample = new HashMap<>();
  private final Map<String, ReadingStatus> status = new HashMap<>();

  /** Watches {@code sensorId}; replaces an earlier configuration (and its state). */
  public synchronized ThresholdEngine watch(
      String sensorId, Thresholds thresholds, Debounce assertion, Debounce release) {
    monitors.put(sensorId, new ThresholdMonitor(sensorId, thresholds, assertion, release));
    lastSample.remove(sensorId);
    status.remove(sensorId);
    return this;
  }

  /**
   * Evaluates a reading; returns the severity change it caused, if any. Unwatched sensors are
   * ignored.
   */
  public synchronized Optional<ThresholdEvent> accept(SensorReading reading) {
    ThresholdMonitor monitor = monitors.get(reading.sensorId());
    if (monitor == null) {
      return Optional.empty();
    }
    status.put(reading.sensorId(), reading.status());
    if (reading.status() != ReadingStatus.OK || reading.value().isEmpty()) {
      return Optional.empty();
    }
    Instant sampledAt = reading.valueTime().orElseThrow();
    Instant previous = lastSample.get(reading.sensorId());
    if (previous != null && !sampledAt.isAfter(previous)) {
      return Optional.empty();
    }
    lastSample.put(reading.sensorId(), sampledAt);
    return monitor.accept(reading.value().getAsDouble(), sampledAt);
  }

  public synchronized Severity severity(String sensorId) {
    ThresholdMonitor m = monitors.get(sensorId);
    return m == null ? Severity.OK : m.severity();
  }

  /**
   * Severity and reading status of every watched sensor (STALE until its first reading arrives).
   */
  public synchronized List<SensorState> states() {
    List<SensorState> out = new ArrayList<>();
    monitors.forEach(
        (id, m) ->
            out.add(
                new SensorState(id, m.severity(), status.getOrDefault(id, ReadingStatus.STALE))));
    return out;
  }
}
