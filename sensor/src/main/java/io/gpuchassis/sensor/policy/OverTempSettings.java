package io.gpuchassis.sensor.policy;

import java.time.Duration;

/**
 * Tuning of the over-temperature policy.
 *
 * @param cautionFanFloorPercent fan floor while a GPU is above its caution threshold
 * @param drainGrace how long a bound GPU at critical temperature may keep running while its host
 *     releases it
 */
public record OverTempSettings(double cautionFanFloorPercent, Duration drainGrace) {

  public OverTempSettings {
    if (cautionFanFloorPercent < 0 || cautionFanFloorPercent > 100) {
      throw new IllegalArgumentException("fan floor must be 0-100 %");
    }
    if (drainGrace.isNegative()) {
      throw new IllegalArgumentException("drain grace must not be negative");
    }
  }

  /**
   * 70 % fans at caution; a bound GPU gets 60 s at critical to be released before its slot is
   * powered off.
   */
  public static OverTempSettings defaults() {
    return new OverTempSettings(70.0, Duration.ofSeconds(60));
  }
}
