package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.Gpu;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the simulator puts into the board: the identity real hardware would report (chassis FRU
 * serial number, switch serials and firmware) and the GPUs in the slots. Ignored on real hardware.
 *
 * @param chassisSerialNumber the serial number in the simulated chassis FRU EEPROM
 * @param switches identity of every switch chip by id, or empty
 * @param gpus the GPU in each populated slot, by slot number, in file order
 * @param partVersions the version bytes each programmable part's registers hold, by device id
 */
public record SimulationSetup(
    Optional<String> chassisSerialNumber,
    Map<String, SimulatedSwitchIdentity> switches,
    Map<Integer, Gpu> gpus,
    Map<String, List<Integer>> partVersions) {

  /** The setup of a board file without a {@code simulation:} section. */
  public static final SimulationSetup NONE =
      new SimulationSetup(Optional.empty(), Map.of(), Map.of(), Map.of());

  public SimulationSetup {
    Objects.requireNonNull(chassisSerialNumber, "chassisSerialNumber");
    // keep file order, which Map.copyOf would not
    switches = Collections.unmodifiableMap(new LinkedHashMap<>(switches));
    gpus = Collections.unmodifiableMap(new LinkedHashMap<>(gpus));
    partVersions = Map.copyOf(partVersions);
  }

  /**
   * The bytes a programmable part's version registers hold in the simulation: as the section says,
   * else 1 followed by zeros ({@code 1.0}).
   */
  public int[] partVersion(ProgrammablePartDevice part) {
    List<Integer> given = partVersions.get(part.id());
    if (given != null) {
      return given.stream().mapToInt(Integer::intValue).toArray();
    }
    int[] bytes = new int[part.versionBytes()];
    bytes[0] = 1;
    return bytes;
  }

  /** The GPU the simulator puts in this slot. */
  public Optional<Gpu> gpu(int slot) {
    return Optional.ofNullable(gpus.get(slot));
  }

  /** The identity the simulator gives this switch chip. */
  public Optional<SimulatedSwitchIdentity> switchIdentity(String switchId) {
    return Optional.ofNullable(switches.get(switchId));
  }
}
