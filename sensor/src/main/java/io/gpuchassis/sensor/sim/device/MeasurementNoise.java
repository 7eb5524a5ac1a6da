package io.gpuchassis.sensor.sim.device;

import java.util.SplittableRandom;

/**
 * Sample-to-sample noise of a measuring part: Gaussian, clamped at two standard deviations, from a
 * seeded generator so a simulation run (and a test) repeats. A part that converts with noise never
 * returns the same register value for long, which is what lets the agent tell a frozen part from a
 * steady reading.
 *
 * <p>Not thread-safe: each device owns its own and uses it under its lock.
 */
public final class MeasurementNoise {

  /** No noise: the register holds exactly what the physics gives (register-level golden tests). */
  public static final MeasurementNoise NONE = new MeasurementNoise(0.0, 0L);

  private final double sigma;
  private final SplittableRandom random;

  private MeasurementNoise(double sigma, long seed) {
    this.sigma = sigma;
    this.random = new SplittableRandom(seed);
  }

  /**
   * Noise with standard deviation {@code sigma} (in the measured unit), repeatable from {@code
   * seed}.
   */
  public static MeasurementNoise gaussian(double sigma, long seed) {
    if (!(sigma > 0)) {
      throw new IllegalArgumentException("sigma must be positive: " + sigma);
    }
    return new MeasurementNoise(sigma, seed);
  }

  public boolean isNone() {
    return sigma == 0.0;
  }

  /** The next sample's deviation from the true value, within ±2 sigma. */
  public double next() {
    if (isNone()) {
      return 0.0;
    }
    return sigma * Math.max(-2.0, Math.min(2.0, random.nextGaussian()));
  }
}
