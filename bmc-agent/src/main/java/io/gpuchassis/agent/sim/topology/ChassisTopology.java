package io.gpuchassis.agent.sim.topology;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The physical wiring of a GPU chassis (which switch port feeds which slot, host connection or
 * inter-switch link) plus what the simulation puts in the slots, fans, power supplies and
 * chassis temperature sensors. Loaded from a YAML topology file, see {@code docs/TOPOLOGY.md}.
 *
 * <p>Implied sensors: every {@link SwitchChip} has a die temperature and every {@link Gpu} a
 * temperature; they are not listed in {@link #temperatureSensors()}.
 *
 * <p>Instances returned by the loaders are validated; the record itself only guarantees
 * non-null, immutable contents. Lists keep the order of the file.
 *
 * @param chassis identity of the chassis
 * @param switches the PCIe switch chips
 * @param interSwitchLinks links joining the switch chips into one fabric
 * @param hosts host connections (upstream ports)
 * @param slots GPU slots (downstream ports), populated or empty
 * @param fans chassis fans
 * @param powerSupplies power supply units
 * @param powerSupplyRedundancy the redundancy policy of the power supplies
 * @param temperatureSensors chassis temperature sensors (inlet, outlet, ...)
 */
public record ChassisTopology(
    ChassisInfo chassis,
    List<SwitchChip> switches,
    List<InterSwitchLink> interSwitchLinks,
    List<HostPort> hosts,
    List<Slot> slots,
    List<Fan> fans,
    List<PowerSupply> powerSupplies,
    PowerSupplyRedundancy powerSupplyRedundancy,
    List<TemperatureSensor> temperatureSensors) {

  /** Classpath location of the embedded default topology. */
  public static final String REFERENCE_RESOURCE = "/topology/reference-chassis.yaml";

  public ChassisTopology {
    Objects.requireNonNull(chassis, "chassis");
    Objects.requireNonNull(powerSupplyRedundancy, "powerSupplyRedundancy");
    switches = List.copyOf(switches);
    interSwitchLinks = List.copyOf(interSwitchLinks);
    hosts = List.copyOf(hosts);
    slots = List.copyOf(slots);
    fans = List.copyOf(fans);
    powerSupplies = List.copyOf(powerSupplies);
    temperatureSensors = List.copyOf(temperatureSensors);
  }

  /**
   * Loads and validates a topology file.
   *
   * @throws TopologyException if the file cannot be read, is not valid topology YAML, or
   *     describes an impossible chassis; the message names the file and the offending key
   */
  public static ChassisTopology load(Path file) {
    return TopologyLoader.fromFile(file);
  }

  /**
   * Loads and validates a topology from the classpath, e.g. {@code
   * "/topology/small-chassis.yaml"}.
   *
   * @throws TopologyException as {@link #load(Path)}, or if there is no such resource
   */
  public static ChassisTopology loadResource(String classpathResource) {
    return TopologyLoader.fromResource(classpathResource);
  }

  /** The embedded default: the 20-slot, 8-host reference chassis the simulator runs. */
  public static ChassisTopology reference() {
    return ReferenceHolder.REFERENCE;
  }

  /** The switch chip with this id. */
  public Optional<SwitchChip> switchChip(String switchId) {
    return switches.stream().filter(chip -> chip.id().equals(switchId)).findFirst();
  }

  /** The slot with this number. */
  public Optional<Slot> slot(int slotId) {
    return slots.stream().filter(slot -> slot.id() == slotId).findFirst();
  }

  /** The host connection with this id. */
  public Optional<HostPort> host(String hostId) {
    return hosts.stream().filter(host -> host.id().equals(hostId)).findFirst();
  }

  /** The GPU in this slot; empty if the slot is empty or does not exist. */
  public Optional<Gpu> gpuInSlot(int slotId) {
    return slot(slotId).flatMap(Slot::gpu);
  }

  /** Slots that hold a GPU, in file order. */
  public List<Slot> populatedSlots() {
    return slots.stream().filter(Slot::isPopulated).toList();
  }

  /** Slots fed by this switch, in file order. */
  public List<Slot> slotsOnSwitch(String switchId) {
    return slots.stream().filter(slot -> slot.port().switchId().equals(switchId)).toList();
  }

  /** Host connections on this switch, in file order. */
  public List<HostPort> hostsOnSwitch(String switchId) {
    return hosts.stream().filter(host -> host.port().switchId().equals(switchId)).toList();
  }

  /** Inter-switch links with one end on this switch, in file order. */
  public List<InterSwitchLink> linksOfSwitch(String switchId) {
    return interSwitchLinks.stream().filter(link -> link.touches(switchId)).toList();
  }

  /** The switch chip a host connection is wired to. */
  public Optional<SwitchChip> switchOfHost(String hostId) {
    return host(hostId).flatMap(host -> switchChip(host.port().switchId()));
  }

  /** The switch chip that feeds a slot. */
  public Optional<SwitchChip> switchOfSlot(int slotId) {
    return slot(slotId).flatMap(slot -> switchChip(slot.port().switchId()));
  }

  /**
   * The fewest inter-switch links between two switches (breadth-first search): 0 for the same
   * switch, empty if either id is unknown or no path exists (a validated topology always has one).
   */
  public OptionalInt interSwitchHops(String fromSwitchId, String toSwitchId) {
    return new SwitchGraph(switches.stream().map(SwitchChip::id).toList(), interSwitchLinks)
        .hops(fromSwitchId, toSwitchId);
  }

  /**
   * The fewest inter-switch links between a host connection and a slot; empty if either is
   * unknown.
   */
  public OptionalInt hopsFromHostToSlot(String hostId, int slotId) {
    Optional<HostPort> host = host(hostId);
    Optional<Slot> slot = slot(slotId);
    if (host.isEmpty() || slot.isEmpty()) {
      return OptionalInt.empty();
    }
    return interSwitchHops(host.get().port().switchId(), slot.get().port().switchId());
  }

  /** Loads the reference topology once, on first use. */
  private static final class ReferenceHolder {
    static final ChassisTopology REFERENCE = loadResource(REFERENCE_RESOURCE);
  }
}
