package io.gpuchassis.sensor.fan;

/**
 * Tuning of a fan zone.
 *
 * @param targetMargin the hottest input should settle this far below its limit, °C
 * @param proportionalGain duty percent per °C of margin shortfall
 * @param integralGain duty percent per °C·s of accumulated shortfall
 * @param minDuty lowest duty in normal operation, %
 * @param maxDuty highest duty in normal operation, %
 * @param slewUpPerSecond fastest duty increase in normal operation, %/s
 * @param slewDownPerSecond fastest duty decrease, %/s (also applies when leaving failsafe)
 * @param failsafeDuty duty on sensor loss or fan failure, applied at once, %
 */
public record FanControlSettings(
    double targetMargin,
    double proportionalGain,
    double integralGain,
    double minDuty,
    double maxDuty,
    double slewUpPerSecond,
    double slewDownPerSecond,
    double failsafeDuty) {

  public FanControlSettings {
    if (minDuty < 0 || maxDuty > 100 || minDuty > maxDuty) {
      throw new IllegalArgumentException("need 0 <= minDuty <= maxDuty <= 100");
    }
    if (failsafeDuty < minDuty || failsafeDuty > 100) {
      throw new IllegalArgumentException("failsafe duty must be between minDuty and 100");
    }
    if (proportionalGain < 0
        || integralGain < 0
        || slewUpPerSecond <= 0
        || slewDownPerSecond <= 0) {
      throw new IllegalArgumentException("gains must be >= 0 and slew rates > 0");
    }
  }

  /**
   * Settle 10 °C below the limit; 3 %/°C proportional, 0.3 %/(°C·s) integral; 20-100 % duty; up at
   * 10 %/s, down at 2 %/s (falling slowly avoids hunting and fan noise); failsafe 100 %.
   */
  public static FanControlSettings defaults() {
    return new FanControlSettings(10.0, 3.0, 0.3, 20.0, 100.0, 10.0, 2.0, 100.0);
  }
}
