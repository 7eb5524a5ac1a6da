package io.gpuchassis.agent.sim.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks that a topology describes a chassis that can exist: unique ids, ports that exist and
 * are wired once, PCIe widths and generations that are real, lane budgets that fit, one connected
 * switch fabric, and a sane power-redundancy policy.
 *
 * <p>Each problem is reported as {@code "<path>: <detail>"} with the path of the offending key as
 * written in the file, so a person can find it; all problems are collected, not just the first.
 */
final class TopologyValidator {

  private static final Set<Integer> LINK_WIDTHS = Set.of(1, 2, 4, 8, 16);
  private static final int MAX_PCIE_GEN = 6;
  private static final int MAX_16_BIT = 0xFFFF;
  // 0x00-0x07 and 0x78-0x7F are reserved by the I2C specification
  private static final int FIRST_I2C_ADDRESS = 0x08;
  private static final int LAST_I2C_ADDRESS = 0x77;

  private final ChassisTopology topology;
  private final Map<String, SwitchChip> switchesById = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();

  private TopologyValidator(ChassisTopology topology) {
    this.topology = topology;
    topology.switches().forEach(chip -> switchesById.putIfAbsent(chip.id(), chip));
  }

  /** All problems found in {@code topology}; empty if it is valid. */
  static List<String> check(ChassisTopology topology) {
    TopologyValidator validator = new TopologyValidator(topology);
    validator.checkChassis();
    validator.checkSwitches();
    validator.checkPortWiring();
    validator.checkSlots();
    validator.checkHosts();
    validator.checkFabricIsConnected();
    validator.checkFans();
    validator.checkPower();
    validator.checkTemperatureSensors();
    validator.checkI2cAddresses();
    return List.copyOf(validator.problems);
  }

  private void checkChassis() {
    ChassisInfo chassis = topology.chassis();
    requireText(chassis.id(), "chassis.id");
    requireText(chassis.manufacturer(), "chassis.manufacturer");
    requireText(chassis.model(), "chassis.model");
    requireText(chassis.partNumber(), "chassis.partNumber");
    requireText(chassis.serialNumber(), "chassis.serialNumber");
    requireText(chassis.sku(), "chassis.sku");
  }

  private void checkSwitches() {
    requireNotEmpty(topology.switches(), "switches", "switch chip");
    requireUniqueIds(topology.switches(), SwitchChip::id, "switches", "switch");
    for (int i = 0; i < topology.switches().size(); i++) {
      SwitchChip chip = topology.switches().get(i);
      String at = "switches[" + i + "]";
      requireText(chip.id(), at + ".id");
      requireText(chip.manufacturer(), at + ".manufacturer");
      requireText(chip.model(), at + ".model");
      requireText(chip.serialNumber(), at + ".serialNumber");
      requireText(chip.firmwareVersion(), at + ".firmwareVersion");
      require16Bit(chip.vendorId(), at + ".vendorId");
      require16Bit(chip.deviceId(), at + ".deviceId");
      requirePositive(chip.laneCount(), at + ".laneCount");
      requirePositive(chip.portCount(), at + ".portCount");
      requireGeneration(chip.maxGen(), at + ".maxGen");
    }
  }

  /** Slots, hosts and link ends all use switch ports; check them together so reuse is caught. */
  private void checkPortWiring() {
    Map<String, String> usedBy = new HashMap<>();
    Map<String, Integer> lanesUsed = new HashMap<>();
    for (int i = 0; i < topology.slots().size(); i++) {
      checkPort(topology.slots().get(i).port(), "slots[" + i + "]", usedBy, lanesUsed);
    }
    for (int i = 0; i < topology.hosts().size(); i++) {
      checkPort(topology.hosts().get(i).port(), "hosts[" + i + "]", usedBy, lanesUsed);
    }
    for (int i = 0; i < topology.interSwitchLinks().size(); i++) {
      InterSwitchLink link = topology.interSwitchLinks().get(i);
      String at = "interSwitchLinks[" + i + "]";
      checkPort(link.a(), at + ".a", usedBy, lanesUsed);
      checkPort(link.b(), at + ".b", usedBy, lanesUsed);
      if (link.a().switchId().equals(link.b().switchId())) {
        problem(at + ".b.switch", "the link joins switch '" + link.a().switchId() + "' to itself");
      }
    }
    for (int i = 0; i < topology.switches().size(); i++) {
      SwitchChip chip = topology.switches().get(i);
      int lanes = lanesUsed.getOrDefault(chip.id(), 0);
      if (switchesById.get(chip.id()) == chip && lanes > chip.laneCount()) {
        problem("switches[" + i + "].laneCount", "the ports wired to switch '" + chip.id()
            + "' use " + lanes + " lanes, more than its " + chip.laneCount());
      }
    }
  }

  /**
   * @param at path of the entry holding the port keys, e.g. {@code slots[3]} (keys are flat
   *     there) or {@code interSwitchLinks[0].a}
   */
  private void checkPort(
      SwitchPort port, String at, Map<String, String> usedBy, Map<String, Integer> lanesUsed) {
    boolean widthOk = requireLinkWidth(port.width(), at + ".width");
    boolean genOk = requireGeneration(port.maxGen(), at + ".maxGen");
    SwitchChip chip = switchesById.get(port.switchId());
    if (chip == null) {
      problem(at + ".switch", "unknown switch '" + port.switchId() + "'; switches are: "
          + String.join(", ", switchesById.keySet()));
      return;
    }
    if (port.port() < 0 || port.port() >= chip.portCount()) {
      problem(at + ".port", "switch '" + chip.id() + "' has no port " + port.port()
          + " (its ports are 0.." + (chip.portCount() - 1) + ")");
      return;
    }
    String previousUser = usedBy.putIfAbsent(port.label(), at);
    if (previousUser != null) {
      problem(at + ".port", "switch port " + port.label() + " is already used by " + previousUser);
    }
    if (genOk && port.maxGen() > chip.maxGen()) {
      problem(at + ".maxGen", "Gen" + port.maxGen() + " is more than switch '" + chip.id()
          + "' supports (maxGen " + chip.maxGen() + ")");
    }
    if (widthOk) {
      lanesUsed.merge(chip.id(), port.width(), Integer::sum);
    }
  }

  private void checkSlots() {
    requireNotEmpty(topology.slots(), "slots", "slot");
    requireUniqueIds(topology.slots(), Slot::id, "slots", "slot");
    Map<String, String> serialOwners = new HashMap<>();
    for (int i = 0; i < topology.slots().size(); i++) {
      Slot slot = topology.slots().get(i);
      String at = "slots[" + i + "]";
      if (slot.id() < 1) {
        problem(at + ".id", "slot numbers start at 1, got " + slot.id());
      }
      if (slot.gpu().isPresent()) {
        Gpu gpu = slot.gpu().get();
        checkGpu(gpu, at + ".gpu");
        String firstOwner = serialOwners.putIfAbsent(gpu.serialNumber(), at + ".gpu");
        if (firstOwner != null) {
          problem(at + ".gpu.serialNumber", "GPU serial number '" + gpu.serialNumber()
              + "' is already used by " + firstOwner);
        }
      }
    }
  }

  private void checkGpu(Gpu gpu, String at) {
    requireText(gpu.model(), at + ".model");
    requireText(gpu.manufacturer(), at + ".manufacturer");
    requireText(gpu.serialNumber(), at + ".serialNumber");
    requireText(gpu.firmwareVersion(), at + ".firmwareVersion");
    require16Bit(gpu.vendorId(), at + ".vendorId");
    require16Bit(gpu.deviceId(), at + ".deviceId");
    require16Bit(gpu.subsystemVendorId(), at + ".subsystemVendorId");
    require16Bit(gpu.subsystemId(), at + ".subsystemId");
    requirePositive(gpu.memoryGiB(), at + ".memoryGiB");
    requirePositive(gpu.tdpWatts(), at + ".tdpWatts");
    requireGeneration(gpu.maxGen(), at + ".maxGen");
    requireLinkWidth(gpu.maxWidth(), at + ".maxWidth");
  }

  private void checkHosts() {
    requireNotEmpty(topology.hosts(), "hosts", "host");
    requireUniqueIds(topology.hosts(), HostPort::id, "hosts", "host");
    for (int i = 0; i < topology.hosts().size(); i++) {
      requireText(topology.hosts().get(i).id(), "hosts[" + i + "].id");
    }
  }

  /** A host must be able to reach every slot, so every switch must reach every other. */
  private void checkFabricIsConnected() {
    if (switchesById.size() < 2) {
      return;
    }
    SwitchGraph graph = new SwitchGraph(switchesById.keySet(), topology.interSwitchLinks());
    String first = switchesById.keySet().iterator().next();
    Set<String> reached = graph.reachableFrom(first);
    List<String> unreached =
        switchesById.keySet().stream().filter(id -> !reached.contains(id)).toList();
    if (!unreached.isEmpty()) {
      problem("interSwitchLinks", "no inter-switch link path from switch '" + first + "' to "
          + unreached.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", ")));
    }
  }

  private void checkFans() {
    requireUniqueIds(topology.fans(), Fan::id, "fans", "fan");
    for (int i = 0; i < topology.fans().size(); i++) {
      Fan fan = topology.fans().get(i);
      requireText(fan.id(), "fans[" + i + "].id");
      requirePositive(fan.maxRpm(), "fans[" + i + "].maxRpm");
    }
  }

  private void checkPower() {
    List<PowerSupply> supplies = topology.powerSupplies();
    requireNotEmpty(supplies, "powerSupplies", "power supply");
    requireUniqueIds(supplies, PowerSupply::id, "powerSupplies", "power supply");
    for (int i = 0; i < supplies.size(); i++) {
      PowerSupply psu = supplies.get(i);
      requireText(psu.id(), "powerSupplies[" + i + "].id");
      requireText(psu.model(), "powerSupplies[" + i + "].model");
      requirePositive(psu.ratedWatts(), "powerSupplies[" + i + "].ratedWatts");
    }
    PowerSupplyRedundancy redundancy = topology.powerSupplyRedundancy();
    int count = supplies.size();
    if (redundancy.minNeeded() < 1 || redundancy.minNeeded() > count) {
      problem("powerSupplyRedundancy.minNeeded", "must be between 1 and the number of power"
          + " supplies (" + count + "), got " + redundancy.minNeeded());
    } else if (redundancy.type() != RedundancyType.NotRedundant && redundancy.minNeeded() == count) {
      problem("powerSupplyRedundancy.minNeeded", redundancy.type() + " needs a spare supply, but"
          + " all " + count + " are needed; use NotRedundant or lower minNeeded");
    }
  }

  private void checkTemperatureSensors() {
    requireUniqueIds(
        topology.temperatureSensors(), TemperatureSensor::id, "temperatureSensors", "sensor");
    for (int i = 0; i < topology.temperatureSensors().size(); i++) {
      requireText(topology.temperatureSensors().get(i).id(), "temperatureSensors[" + i + "].id");
    }
  }

  /** Two devices answering at one address on one bus would corrupt each other's transfers. */
  private void checkI2cAddresses() {
    Map<String, Optional<I2cLocation>> locations = new LinkedHashMap<>();
    for (int i = 0; i < topology.switches().size(); i++) {
      locations.put("switches[" + i + "].i2c", topology.switches().get(i).i2c());
    }
    for (int i = 0; i < topology.powerSupplies().size(); i++) {
      locations.put("powerSupplies[" + i + "].i2c", topology.powerSupplies().get(i).i2c());
    }
    for (int i = 0; i < topology.temperatureSensors().size(); i++) {
      locations.put("temperatureSensors[" + i + "].i2c", topology.temperatureSensors().get(i).i2c());
    }
    Map<I2cLocation, String> usedBy = new HashMap<>();
    locations.forEach((at, location) -> location.ifPresent(i2c -> {
      boolean valid = true;
      if (i2c.bus() < 0) {
        problem(at + ".bus", "must be 0 or more, got " + i2c.bus());
        valid = false;
      }
      if (i2c.address() < FIRST_I2C_ADDRESS || i2c.address() > LAST_I2C_ADDRESS) {
        problem(at + ".address", HexIds.format(i2c.address(), 2) + " is not a 7-bit device"
            + " address (0x08..0x77)");
        valid = false;
      }
      String previousUser = valid ? usedBy.putIfAbsent(i2c, at) : null;
      if (previousUser != null) {
        problem(at, i2c.describe() + " is already used by " + previousUser);
      }
    }));
  }

  private <T> void requireUniqueIds(
      List<T> items, Function<T, Object> idOf, String listKey, String kind) {
    Map<Object, Integer> firstIndex = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      Object id = idOf.apply(items.get(i));
      Integer first = firstIndex.putIfAbsent(id, i);
      if (first != null) {
        problem(listKey + "[" + i + "].id", "duplicate " + kind + " id '" + id + "' (also "
            + listKey + "[" + first + "])");
      }
    }
  }

  private void requireNotEmpty(List<?> items, String listKey, String kind) {
    if (items.isEmpty()) {
      problem(listKey, "at least one " + kind + " is required");
    }
  }

  private void requireText(String value, String at) {
    if (value.isBlank()) {
      problem(at, "must not be blank");
    }
  }

  private void requirePositive(int value, String at) {
    if (value < 1) {
      problem(at, "must be 1 or more, got " + value);
    }
  }

  private void require16Bit(int value, String at) {
    if (value < 0 || value > MAX_16_BIT) {
      problem(at, HexIds.format(value, 4) + " is not a 16-bit PCI ID (0x0000..0xffff)");
    }
  }

  private boolean requireLinkWidth(int width, String at) {
    if (!LINK_WIDTHS.contains(width)) {
      problem(at, width + " is not a PCIe link width; use 1, 2, 4, 8 or 16");
      return false;
    }
    return true;
  }

  private boolean requireGeneration(int gen, String at) {
    if (gen < 1 || gen > MAX_PCIE_GEN) {
      problem(at, gen + " is not a PCIe generation; use 1.." + MAX_PCIE_GEN);
      return false;
    }
    return true;
  }

  private void problem(String path, String detail) {
    problems.add(path + ": " + detail);
  }
}
