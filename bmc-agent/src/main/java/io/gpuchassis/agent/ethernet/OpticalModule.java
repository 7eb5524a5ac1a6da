package io.gpuchassis.agent.ethernet;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The plugged module of a data-path port as {@code ethtool -m <if>} decodes its EEPROM (SFF-8636
 * for a QSFP28, SFF-8472 for an SFP): what it is and who made it, and its digital diagnostics when
 * it has them (a passive copper cable has none).
 *
 * @param identifierCode the SFF-8024 identifier byte (0x11 a QSFP28)
 * @param identifier its name as ethtool prints it ({@code QSFP28})
 * @param connector the connector as ethtool names it ({@code MPO Parallel Optic})
 * @param transceiverTypes every compliance ethtool lists ({@code 100G Ethernet: 100G Base-SR4 or
 *     25GBase-SR})
 * @param transmitterTechnology {@code 850 nm VCSEL}, {@code Copper cable unequalized}, ...
 * @param temperatureCelsius the module's temperature, when it measures one
 * @param voltageVolts its supply voltage, when it measures one
 * @param lanes the per-channel diagnostics, channel 1 first; empty without diagnostics
 * @param thresholds the alarm and warning levels by ethtool's label ({@code Laser rx power low
 *     alarm threshold}), in mA, mW, degrees C or V as the label's quantity is
 */
public record OpticalModule(
    int identifierCode,
    String identifier,
    Optional<String> connector,
    List<String> transceiverTypes,
    Optional<String> transmitterTechnology,
    Optional<String> vendorName,
    Optional<String> partNumber,
    Optional<String> serialNumber,
    Optional<String> revision,
    OptionalDouble temperatureCelsius,
    OptionalDouble voltageVolts,
    List<Lane> lanes,
    Map<String, Double> thresholds) {

  /** ethtool's label of the level below which received power raises an alarm. */
  public static final String RX_POWER_LOW_ALARM = "Laser rx power low alarm threshold";

  public OpticalModule {
    transceiverTypes = List.copyOf(transceiverTypes);
    lanes = List.copyOf(lanes);
    thresholds = Map.copyOf(thresholds);
  }

  /**
   * One channel's diagnostics.
   *
   * @param channel 1-based, as ethtool numbers it
   */
  public record Lane(
      int channel,
      OptionalDouble biasMilliAmps,
      OptionalDouble txPowerMilliWatts,
      OptionalDouble rxPowerMilliWatts) {}

  /** The channels whose received power is below the module's own low-alarm level. */
  public List<Integer> lanesBelowRxPowerLowAlarm() {
    Double low = thresholds.get(RX_POWER_LOW_ALARM);
    if (low == null) {
      return List.of();
    }
    return lanes.stream()
        .filter(l -> l.rxPowerMilliWatts().isPresent() && l.rxPowerMilliWatts().getAsDouble() < low)
        .map(Lane::channel)
        .toList();
  }

  /** A copper cable (passive or active), not an optic. */
  public boolean copper() {
    return transmitterTechnology.map(t -> t.startsWith("Copper")).orElse(false)
        || connector
            .map(c -> c.equals("No separable connector") || c.equals("Copper pigtail"))
            .orElse(false);
  }
}
