package io.gpuchassis.sensor.fan;

import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;

/**
 * One fan as the zone sees it.
 *
 * @param fanId the fan
 * @param failed the fan is stopped or its tach cannot be read
 */
public record FanStatus(String fanId, boolean failed) {

  /**
   * Judges a fan from its RPM reading: failed when the reading is not OK or the fan turns slower
   * than {@code stallRpm} (the controller reports a stopped fan as 0 RPM).
   */
  public static FanStatus of(String fanId, SensorReading rpm, double stallRpm) {
    boolean failed =
        rpm.status() != ReadingStatus.OK
            || rpm.value().isEmpty()
            || rpm.value().getAsDouble() < stallRpm;
    return new FanStatus(fanId, failed);
  }
}
