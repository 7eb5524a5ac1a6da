package io.gpuchassis.sensor.threshold;

import java.time.Duration;

/**
 * How long a threshold condition must hold before the level changes: at least {@code samples}
 * consecutive samples and at least {@code dwell} between the first and the latest of them. Used
 * once for asserting a level (Redfish DwellTime) and once for clearing it (HysteresisDuration).
 */
public record Debounce(int samples, Duration dwell) {

  public Debounce {
    if (samples < 1) {
      throw new IllegalArgumentException("samples must be >= 1");
    }
    if (dwell.isNegative()) {
      throw new IllegalArgumentException("dwell must not be negative");
    }
  }

  /** Act on the first sample. */
  public static Debounce none() {
    return new Debounce(1, Duration.ZERO);
  }

  public static Debounce samples(int n) {
    return new Debounce(n, Duration.ZERO);
  }

  /**
   * The condition must persist for {@code dwell}: seen at its start and again at least {@code
   * dwell} later.
   */
  public static Debounce dwell(Duration dwell) {
    return new Debounce(2, dwell);
  }
}
