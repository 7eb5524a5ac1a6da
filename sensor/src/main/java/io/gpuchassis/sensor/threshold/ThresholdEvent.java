package io.gpuchassis.sensor.threshold;

import java.time.Instant;
import java.util.OptionalDouble;

/**
 * A sensor's severity changed.
 *
 * @param sensorId the sensor
 * @param from severity before
 * @param to severity now
 * @param direction the side of the range involved: of the level now asserted when getting worse, of
 *     the level left when getting better
 * @param value the sample that completed the change
 * @param threshold the threshold of the level asserted (worse) or left (better)
 * @param at the time of that sample
 */
public record ThresholdEvent(
    String sensorId,
    Severity from,
    Severity to,
    Direction direction,
    double value,
    OptionalDouble threshold,
    Instant at) {

  public boolean worsened() {
    return to.worseThan(from);
  }

  /** The matching message of the DMTF SensorEvent registry (1.1). */
  public String messageId() {
    if (to == Severity.OK) {
      return "SensorReadingNormalRange";
    }
    boolean upper = direction == Direction.UPPER;
    if (worsened()) {
      return (upper ? "ReadingAboveUpper" : "ReadingBelowLower") + levelName(to) + "Threshold";
    }
    return (upper ? "ReadingBelowUpper" : "ReadingAboveLower") + levelName(from) + "Threshold";
  }

  private static String levelName(Severity s) {
    switch (s) {
      case CAUTION:
        return "Caution";
      case CRITICAL:
        return "Critical";
      default:
        return "Fatal";
    }
  }
}
