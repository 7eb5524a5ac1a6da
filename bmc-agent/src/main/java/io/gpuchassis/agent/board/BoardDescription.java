package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.InterSwitchLink;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.chassis.ProgrammablePart;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.TemperatureSensor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A chassis board as its integrator describes it: the PCIe wiring (switch chips, host connections,
 * inter-switch links, GPU slots), how the agent reaches every part (switch transports, the I2C
 * tree, the slots' signals), and what the simulator puts into the board. Loaded from a YAML board
 * file, see {@code docs/BOARD.md}.
 *
 * <p>It holds no identity a part can report itself (serial numbers, firmware versions): the agent
 * reads those from the hardware, and the simulator takes them from {@link #simulation()}.
 *
 * <p>Instances returned by the loaders are validated; the record itself only guarantees non-null,
 * immutable contents. Lists keep the order of the file.
 *
 * @param source the file path or classpath resource it was loaded from, for messages
 * @param identity the chassis identity; the serial number is empty (it is read from the FRU EEPROM)
 * @param chassisFruId id of the {@link FruEepromDevice} holding the chassis serial number, if any
 * @param switches the switch chips, with their generation and management transport
 * @param interSwitchLinks links joining the chips into one fabric, with transit partitions
 * @param hosts host connections (upstream ports), with their partitions
 * @param slots GPU slots (downstream ports), all empty
 * @param slotAccess one per slot, in the order of {@code slots}: sideband and signals
 * @param muxes the I2C multiplexers
 * @param devices the other I2C devices
 * @param powerSupplyRedundancy the supplies' redundancy policy; present exactly when there are
 *     {@link PowerSupplyDevice}s
 * @param console the serial port of the technician's console, if the board has one
 * @param simulation what the simulator puts in; {@link SimulationSetup#NONE} if the file has none
 * @param expether the ExpEther manager the Ethernet hosts' groups are set through; present exactly
 *     when the board has an Ethernet host
 * @param networkAdapters the NICs of the chassis's own data path and their ports; empty on a board
 *     without them
 */
public record BoardDescription(
    String source,
    ChassisIdentity identity,
    Optional<String> chassisFruId,
    List<BoardSwitch> switches,
    List<InterSwitchLink> interSwitchLinks,
    List<HostPort> hosts,
    List<Slot> slots,
    List<SlotAccess> slotAccess,
    List<I2cMux> muxes,
    List<I2cDevice> devices,
    Optional<PowerSupplyRedundancy> powerSupplyRedundancy,
    Optional<ConsolePort> console,
    Optional<LineRef> identifyLed,
    SimulationSetup simulation,
    Optional<ExpEtherManager> expether,
    List<NetworkAdapter> networkAdapters) {

  /** Classpath location of the embedded reference board. */
  public static final String REFERENCE_RESOURCE = "/board/reference-board.yaml";

  public BoardDescription {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(chassisFruId, "chassisFruId");
    Objects.requireNonNull(powerSupplyRedundancy, "powerSupplyRedundancy");
    Objects.requireNonNull(console, "console");
    Objects.requireNonNull(identifyLed, "identifyLed");
    Objects.requireNonNull(simulation, "simulation");
    Objects.requireNonNull(expether, "expether");
    switches = List.copyOf(switches);
    interSwitchLinks = List.copyOf(interSwitchLinks);
    hosts = List.copyOf(hosts);
    slots = List.copyOf(slots);
    slotAccess = List.copyOf(slotAccess);
    muxes = List.copyOf(muxes);
    devices = List.copyOf(devices);
    networkAdapters = List.copyOf(networkAdapters);
  }

  /**
   * Loads and validates a board file.
   *
   * @throws BoardException if the file cannot be read, is not valid board YAML, or describes a
   *     board that cannot exist; every problem names the file, the line and the key
   */
  public static BoardDescription load(Path file) {
    return BoardLoader.fromFile(file);
  }

  /**
   * Loads and validates a board file from the classpath, e.g. {@code "/board/small-board.yaml"}.
   *
   * @throws BoardException as {@link #load(Path)}, or if there is no such resource
   */
  public static BoardDescription loadResource(String classpathResource) {
    return BoardLoader.fromResource(classpathResource);
  }

  /**
   * Readies the board file reader ahead of the first {@link #load}, from any thread: the agent's
   * start does it while the command line is read.
   */
  public static void prepareReader() {
    BoardYamlReader.prepare();
  }

  /** The embedded reference board: 20 slots, 8 hosts, four switch chips in a ring. Loaded once. */
  public static BoardDescription reference() {
    return ReferenceHolder.REFERENCE;
  }

  /**
   * The chassis model's first snapshot: the board's parts as the model's records, before anything
   * has been read from the hardware (no GPUs, no serial number, no observation, no binding).
   */
  public ChassisState initialState() {
    return new ChassisState(
        0,
        identity,
        switches.stream().map(BoardSwitch::chip).toList(),
        interSwitchLinks,
        hosts,
        slots,
        fans(),
        powerSupplies(),
        programmableParts(),
        temperatureSensors(),
        Map.of(),
        Map.of());
  }

  // --- lookups -----------------------------------------------------------------------------------

  /** The switch chip with this id. */
  public Optional<BoardSwitch> switchChip(String switchId) {
    return switches.stream().filter(chip -> chip.id().equals(switchId)).findFirst();
  }

  /** The slot with this number. */
  public Optional<Slot> slot(int number) {
    return slots.stream().filter(slot -> slot.number() == number).findFirst();
  }

  /** How the agent reaches the slot with this number. */
  public Optional<SlotAccess> slotAccess(int number) {
    return slotAccess.stream().filter(access -> access.slot() == number).findFirst();
  }

  /** The host connection with this id. */
  public Optional<HostPort> host(String hostId) {
    return hosts.stream().filter(host -> host.id().equals(hostId)).findFirst();
  }

  /** The mux with this id. */
  public Optional<I2cMux> mux(String muxId) {
    return muxes.stream().filter(mux -> mux.id().equals(muxId)).findFirst();
  }

  /** The I2C device with this id. */
  public Optional<I2cDevice> device(String deviceId) {
    return devices.stream().filter(device -> device.id().equals(deviceId)).findFirst();
  }

  /** The devices of one kind, in file order, e.g. {@code devicesOfType(ExpanderDevice.class)}. */
  public <T extends I2cDevice> List<T> devicesOfType(Class<T> kind) {
    return devices.stream().filter(kind::isInstance).map(kind::cast).toList();
  }

  /** The EEPROM that holds the chassis serial number, if the board names one. */
  public Optional<FruEepromDevice> chassisFru() {
    return chassisFruId.flatMap(this::device).map(FruEepromDevice.class::cast);
  }

  // --- the model records the devices carry -------------------------------------------------------

  /** The fans of all fan controllers, in file order. */
  public List<Fan> fans() {
    return devicesOfType(FanControllerDevice.class).stream()
        .flatMap(controller -> controller.fans().stream())
        .map(FanChannel::fan)
        .toList();
  }

  /** The programmable parts (CPLDs, retimers) whose firmware version is read, in file order. */
  public List<ProgrammablePart> programmableParts() {
    return devicesOfType(ProgrammablePartDevice.class).stream()
        .map(
            part ->
                new ProgrammablePart(
                    part.id(), part.kind(), part.manufacturer(), part.model(), Optional.empty()))
        .toList();
  }

  /** The power supplies with a PMBus interface, in file order. */
  public List<PowerSupply> powerSupplies() {
    return devicesOfType(PowerSupplyDevice.class).stream().map(PowerSupplyDevice::supply).toList();
  }

  /**
   * The chassis temperature sensors, in file order; switch die and GPU temperatures are not among
   * them.
   */
  public List<TemperatureSensor> temperatureSensors() {
    return devicesOfType(TemperatureSensorDevice.class).stream()
        .map(TemperatureSensorDevice::sensor)
        .toList();
  }

  // --- wiring
  // --------------------------------------------------------------------------------------

  /** Slots fed by this switch, in file order. */
  public List<Slot> slotsOnSwitch(String switchId) {
    return slots.stream().filter(slot -> slot.switchId().equals(switchId)).toList();
  }

  /** Host connections on this switch, in file order. */
  public List<HostPort> hostsOnSwitch(String switchId) {
    return hosts.stream().filter(host -> host.switchId().equals(switchId)).toList();
  }

  /** Inter-switch links with one end on this switch, in file order. */
  public List<InterSwitchLink> linksOfSwitch(String switchId) {
    return interSwitchLinks.stream()
        .filter(link -> link.switchA().equals(switchId) || link.switchB().equals(switchId))
        .toList();
  }

  /** The switch chip a host connection is wired to. */
  public Optional<BoardSwitch> switchOfHost(String hostId) {
    return host(hostId).flatMap(host -> switchChip(host.switchId()));
  }

  /** The switch chip that feeds a slot. */
  public Optional<BoardSwitch> switchOfSlot(int number) {
    return slot(number).flatMap(slot -> switchChip(slot.switchId()));
  }

  /**
   * The fewest inter-switch links between two switches (breadth-first search): 0 for the same
   * switch, empty if either id is unknown or no path exists (a validated board always has one).
   */
  public OptionalInt interSwitchHops(String fromSwitchId, String toSwitchId) {
    return SwitchGraph.ofModelLinks(
            switches.stream().map(BoardSwitch::id).toList(), interSwitchLinks)
        .hops(fromSwitchId, toSwitchId);
  }

  /**
   * The fewest inter-switch links between a host connection and a slot; empty if either is unknown.
   */
  public OptionalInt hopsFromHostToSlot(String hostId, int slotNumber) {
    Optional<HostPort> host = host(hostId);
    Optional<Slot> slot = slot(slotNumber);
    if (host.isEmpty() || slot.isEmpty()) {
      return OptionalInt.empty();
    }
    return interSwitchHops(host.get().switchId(), slot.get().switchId());
  }

  // --- the simulation
  // ------------------------------------------------------------------------------

  /** The slots as the simulator fills them: each with the GPU of {@link #simulation()}, if any. */
  public List<Slot> simulatedSlots() {
    return slots.stream().map(this::asSimulated).toList();
  }

  /** The slots the simulator puts a GPU in, in file order. */
  public List<Slot> simulatedPopulatedSlots() {
    return simulatedSlots().stream().filter(Slot::occupied).toList();
  }

  /** The GPU the simulator puts in this slot. */
  public Optional<Gpu> simulatedGpu(int slotNumber) {
    return simulation.gpu(slotNumber);
  }

  private Slot asSimulated(Slot slot) {
    return slot.withGpu(simulation.gpu(slot.number()));
  }

  /** Loads the reference board once, on first use. */
  private static final class ReferenceHolder {
    static final BoardDescription REFERENCE = loadResource(REFERENCE_RESOURCE);
  }
}
