package io.gpuchassis.agent.config;

import java.time.Duration;

/**
 * How the chassis's own data-path ports (the 100 GbE variant) are watched.
 *
 * @param sampleInterval how often every port is read and judged: each condition is judged on one
 *     period's rates, so this is also how long a fault may go unseen
 * @param roce the RoCE profile kept on the ports that carry RoCE
 */
public record DataPortSettings(Duration sampleInterval, RoceSettings roce) {

  public static final DataPortSettings DEFAULT =
      new DataPortSettings(Duration.ofSeconds(5), RoceSettings.DEFAULT);

  /** Sampled so, with the default RoCE profile. */
  public DataPortSettings(Duration sampleInterval) {
    this(sampleInterval, RoceSettings.DEFAULT);
  }

  public DataPortSettings {
    java.util.Objects.requireNonNull(roce);
    // below 100 ms the counters' own refresh (mlx5 caches them 10 ms) and ethtool's run time
    // dominate the period
    Durations.requireWithin(
        "dataPorts.sampleInterval", sampleInterval, Duration.ofMillis(100), Duration.ofMinutes(10));
  }
}
