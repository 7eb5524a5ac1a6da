package io.gpuchassis.sensor.poll;

import java.time.Duration;

/**
 * How the pollers judge their sensors.
 *
 * @param failuresBeforeFailed consecutive failed reads after which a sensor is FAILED (one good read resets)
 * @param staleAfterIntervals a value older than this many of its sensor's intervals is STALE
 */
public record PollerSettings(int failuresBeforeFailed, double staleAfterIntervals) {

  public PollerSettings {
    if (failuresBeforeFailed < 1) {
      throw new IllegalArgumentException("failuresBeforeFailed must be >= 1");
    }
    if (staleAfterIntervals < 1.0) {
      throw new IllegalArgumentException("staleAfterIntervals must be >= 1");
    }
  }

  /** Three failures in a row make a sensor FAILED; a value older than 2.5 intervals is STALE. */
  public static PollerSettings defaults() {
    return new PollerSettings(3, 2.5);
  }

  public Duration staleAfter(Duration interval) {
    return Duration.ofNanos((long) (interval.toNanos() * staleAfterIntervals));
  }
}
