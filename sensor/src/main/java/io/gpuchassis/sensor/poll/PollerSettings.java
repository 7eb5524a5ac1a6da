package io.gpuchassis.sensor.poll;

import java.time.Duration;

/**
 * How the pollers judge their sensors.
 *
 * @param failuresBeforeFailed consecutive failed reads after which a sensor is FAILED (one good
 *     read resets)
 * @param staleAfterIntervals a value older than this many of its sensor's intervals is STALE
 * @param stuckAfterSamples bit-identical reads in a row after which a dithering sensor is INVALID
 *     (see {@link StuckReadingDetector})
 */
public record PollerSettings(
    int failuresBeforeFailed, double staleAfterIntervals, int stuckAfterSamples) {

  public PollerSettings {
    if (failuresBeforeFailed < 1) {
      throw new IllegalArgumentException("failuresBeforeFailed must be >= 1");
    }
    if (staleAfterIntervals < 1.0) {
      throw new IllegalArgumentException("staleAfterIntervals must be >= 1");
    }
    if (stuckAfterSamples < 2) {
      throw new IllegalArgumentException("stuckAfterSamples must be >= 2");
    }
  }

  /**
   * Three failures in a row make a sensor FAILED; a value older than 2.5 intervals is STALE; 60
   * identical reads of a dithering sensor make it INVALID.
   */
  public static PollerSettings defaults() {
    return new PollerSettings(3, 2.5, StuckReadingDetector.DEFAULT_SAMPLES);
  }

  /** These settings with another stuck-reading window. */
  public PollerSettings withStuckAfterSamples(int samples) {
    return new PollerSettings(failuresBeforeFailed, staleAfterIntervals, samples);
  }

  public Duration staleAfter(Duration interval) {
    return Duration.ofNanos((long) (interval.toNanos() * staleAfterIntervals));
  }
}
