package io.gpuchassis.sensor.device.gpu;

import java.time.Duration;

/**
 * How the driver waits for the GPU to complete a post-box request.
 *
 * @param firstPoll wait after writing the command before the first status read
 * @param pollInterval wait between status reads while the status is still NULL
 * @param timeout give up when the request has not completed this long after it was written
 */
public record PostBoxTiming(Duration firstPoll, Duration pollInterval, Duration timeout) {

  public PostBoxTiming {
    if (firstPoll.isNegative()
        || pollInterval.isNegative()
        || timeout.isNegative()
        || timeout.isZero()) {
      throw new IllegalArgumentException(
          "post-box waits must not be negative and the timeout must be positive");
    }
  }

  /**
   * Production values. Telemetry requests usually complete within a few milliseconds; vendor BMCs
   * allow about 100 ms, so the status is polled every 5 ms for up to 250 ms before the request
   * counts as failed.
   */
  public static PostBoxTiming production() {
    return new PostBoxTiming(Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(250));
  }

  /**
   * No waiting between polls: for simulated GPUs in tests and benchmarks. The timeout is long
   * enough that a busy machine's scheduling never trips it (a 50 ms one did, on two loaded cores);
   * tests of the timeout give their own.
   */
  public static PostBoxTiming immediate() {
    return new PostBoxTiming(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(5));
  }
}
