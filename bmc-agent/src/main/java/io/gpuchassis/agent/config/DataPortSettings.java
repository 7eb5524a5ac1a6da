package io.gpuchassis.agent.config;

import java.time.Duration;

/**
 * How the chassis's own data-path ports (the 100 GbE variant) are watched.
 *
 * @param sampleInterval how often every port is read and judged: each condition is judged on one
 *     period's rates, so this is also how long a fault may go unseen
 * @param inventoryInterval how often every port's inventory (module EEPROM, NIC firmware, LLDP
 *     partner) is read again: it changes slowly, so far less often than the samples
 * @param roce the RoCE profile kept on the ports that carry RoCE
 * @param roundTrip the round-trip probe of the ports given a peer
 */
public record DataPortSettings(
    Duration sampleInterval,
    Duration inventoryInterval,
    RoceSettings roce,
    RoundTripSettings roundTrip) {

  public static final Duration DEFAULT_INVENTORY_INTERVAL = Duration.ofSeconds(60);

  public static final DataPortSettings DEFAULT =
      new DataPortSettings(Duration.ofSeconds(5), DEFAULT_INVENTORY_INTERVAL, RoceSettings.DEFAULT);

  /** Sampled so, with the default RoCE profile. */
  public DataPortSettings(Duration sampleInterval, RoceSettings roce) {
    this(sampleInterval, DEFAULT_INVENTORY_INTERVAL, roce);
  }

  /** Sampled and inventoried so, with the default RoCE profile. */
  public DataPortSettings(Duration sampleInterval, Duration inventoryInterval) {
    this(sampleInterval, inventoryInterval, RoceSettings.DEFAULT);
  }

  /** Without a round-trip probe. */
  public DataPortSettings(Duration sampleInterval, Duration inventoryInterval, RoceSettings roce) {
    this(sampleInterval, inventoryInterval, roce, RoundTripSettings.DEFAULT);
  }

  /** With {@code roundTrip}, this one's other settings. */
  public DataPortSettings withRoundTrip(RoundTripSettings roundTrip) {
    return new DataPortSettings(sampleInterval, inventoryInterval, roce, roundTrip);
  }

  public DataPortSettings {
    java.util.Objects.requireNonNull(roce);
    java.util.Objects.requireNonNull(roundTrip);
    // below 100 ms the counters' own refresh (mlx5 caches them 10 ms) and ethtool's run time
    // dominate the period
    Durations.requireWithin(
        "dataPorts.sampleInterval", sampleInterval, Duration.ofMillis(100), Duration.ofMinutes(10));
    // a module's EEPROM read takes tens of milliseconds on the I2C bus behind the NIC
    Durations.requireWithin(
        "dataPorts.inventoryInterval",
        inventoryInterval,
        Duration.ofMillis(100),
        Duration.ofHours(24));
  }

  /** Samples every {@code sampleInterval}; the inventory and the RoCE profile at their defaults. */
  public DataPortSettings(Duration sampleInterval) {
    this(sampleInterval, DEFAULT_INVENTORY_INTERVAL, RoceSettings.DEFAULT);
  }
}
