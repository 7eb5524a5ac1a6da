package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.Root;
import io.gpuchassis.agent.board.BoardDocument.SimulatedGpuEntry;
import io.gpuchassis.agent.board.BoardDocument.SimulatedPartEntry;
import io.gpuchassis.agent.board.BoardDocument.SimulatedSwitchEntry;
import io.gpuchassis.agent.board.BoardDocument.SimulationEntry;
import io.gpuchassis.agent.board.BoardDocument.SwitchEntry;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code simulation} section: it may only fill what the board has (its FRU EEPROM, its switch
 * chips, its slots), and what it puts in must be something real hardware could report.
 */
final class SimulationRules {

  private final Root root;
  private final DocumentIndex index;
  private final Checks checks;
  private final KeyPath at = KeyPath.of("simulation");

  private SimulationRules(Root root, DocumentIndex index, Checks checks) {
    this.root = root;
    this.index = index;
    this.checks = checks;
  }

  static void check(Root root, DocumentIndex index, Checks checks) {
    SimulationEntry simulation = root.simulation();
    if (simulation == null) {
      return;
    }
    SimulationRules rules = new SimulationRules(root, index, checks);
    rules.checkChassisSerial(simulation);
    rules.checkSwitches(simulation.switchList());
    rules.checkGpus(simulation.gpuList());
    rules.checkPartVersions(simulation.partList());
  }

  /**
   * A version the simulated part's registers can hold: as many dot-separated numbers of 0-255 as
   * the part's versionBytes, for a version-registers device of the board.
   */
  private void checkPartVersions(List<SimulatedPartEntry> parts) {
    for (int i = 0; i < parts.size(); i++) {
      SimulatedPartEntry entry = parts.get(i);
      KeyPath entryAt = at.key("partVersions").index(i);
      BoardDocument.ProgrammableEntry device =
          root.devices().stream()
              .filter(
                  d -> d instanceof BoardDocument.ProgrammableEntry && d.id().equals(entry.part()))
              .map(BoardDocument.ProgrammableEntry.class::cast)
              .findFirst()
              .orElse(null);
      if (device == null) {
        checks.problem(
            entryAt.key("part"),
            "there is no version-registers device '" + entry.part() + "' under i2c.devices");
        continue;
      }
      if (entry.version() == null
          || !entry
              .version()
              .matches(
                  "(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9]))*")
          || entry.version().split("\\.").length != device.versionBytes()) {
        checks.problem(
            entryAt.key("version"),
            "'"
                + entry.version()
                + "' is not "
                + device.versionBytes()
                + " numbers of 0-255 joined by dots, as "
                + entry.part()
                + "'s "
                + device.versionBytes()
                + " version registers hold");
      }
    }
  }

  private void checkChassisSerial(SimulationEntry simulation) {
    String serial = simulation.chassisSerialNumber();
    if (serial == null) {
      return;
    }
    KeyPath serialAt = at.key("chassisSerialNumber");
    if (checks.requireText(serial, serialAt) && root.chassis().fru() == null) {
      checks.problem(
          serialAt,
          "the simulator writes the chassis serial number into the chassis FRU EEPROM;"
              + " name that device with chassis.fru");
    }
  }

  /**
   * A partial list would leave some simulated chips without a serial number, which real chips
   * always have.
   */
  private void checkSwitches(List<SimulatedSwitchEntry> switches) {
    KeyPath listAt = at.key("switches");
    Map<String, Integer> firstEntry = new HashMap<>();
    for (int i = 0; i < switches.size(); i++) {
      SimulatedSwitchEntry entry = switches.get(i);
      KeyPath entryAt = listAt.index(i);
      checks.requireText(entry.serialNumber(), entryAt.key("serialNumber"));
      checks.requireText(entry.firmwareVersion(), entryAt.key("firmwareVersion"));
      if (!index.hasSwitch(entry.switchId())) {
        checks.problem(
            entryAt.key("switch"),
            "unknown switch '" + entry.switchId() + "'; switches are: " + index.switchIds());
        continue;
      }
      Integer first = firstEntry.putIfAbsent(entry.switchId(), i);
      if (first != null) {
        checks.problem(
            entryAt.key("switch"),
            "switch '" + entry.switchId() + "' is already listed at " + listAt.index(first));
      }
    }
    if (!switches.isEmpty()) {
      Set<String> missing =
          root.switches().stream()
              .map(SwitchEntry::id)
              .filter(id -> !firstEntry.containsKey(id))
              .collect(Collectors.toCollection(LinkedHashSet::new));
      if (!missing.isEmpty()) {
        checks.problem(
            listAt,
            "no entry for switch "
                + missing.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", "))
                + "; list every switch or none");
      }
    }
  }

  private void checkGpus(List<SimulatedGpuEntry> gpus) {
    KeyPath listAt = at.key("gpus");
    Map<Integer, Integer> slotEntry = new HashMap<>();
    Map<String, Integer> serialEntry = new HashMap<>();
    for (int i = 0; i < gpus.size(); i++) {
      SimulatedGpuEntry gpu = gpus.get(i);
      KeyPath gpuAt = listAt.index(i);
      if (!index.hasSlot(gpu.slot())) {
        checks.problem(gpuAt.key("slot"), "there is no slot " + gpu.slot());
      } else {
        Integer first = slotEntry.putIfAbsent(gpu.slot(), i);
        if (first != null) {
          checks.problem(
              gpuAt.key("slot"),
              "slot " + gpu.slot() + " already holds the GPU of " + listAt.index(first));
        }
      }
      checkGpu(gpu, gpuAt);
      if (!gpu.serialNumber().isBlank()) {
        Integer first = serialEntry.putIfAbsent(gpu.serialNumber(), i);
        if (first != null) {
          checks.problem(
              gpuAt.key("serialNumber"),
              "GPU serial number '"
                  + gpu.serialNumber()
                  + "' is already used by "
                  + listAt.index(first));
        }
      }
    }
  }

  private void checkGpu(SimulatedGpuEntry gpu, KeyPath gpuAt) {
    checks.requireText(gpu.model(), gpuAt.key("model"));
    checks.requireText(gpu.serialNumber(), gpuAt.key("serialNumber"));
    checks.requireText(gpu.firmwareVersion(), gpuAt.key("firmwareVersion"));
    checks.require16Bit(gpu.vendorId(), gpuAt.key("vendorId"));
    checks.require16Bit(gpu.deviceId(), gpuAt.key("deviceId"));
    checks.require16Bit(gpu.subsystemVendorId(), gpuAt.key("subsystemVendorId"));
    checks.require16Bit(gpu.subsystemId(), gpuAt.key("subsystemId"));
    checks.requirePositive(gpu.memoryGiB(), gpuAt.key("memoryGiB"));
    checks.requirePositive(gpu.tdpWatts(), gpuAt.key("tdpWatts"));
    checks.requireGeneration(gpu.maxGen(), gpuAt.key("maxGen"));
    checks.requireLinkWidth(gpu.maxWidth(), gpuAt.key("maxWidth"));
  }
}
