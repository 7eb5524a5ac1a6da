package io.gpuchassis.agent.sim;

import com.pi4j.context.Context;
import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.agent.board.I2cPath;
import io.gpuchassis.agent.board.ProgrammablePartDevice;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSettings;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.ethernet.BoardDataPorts;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortSource;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.platform.BoardSensorLayout;
import io.gpuchassis.agent.platform.ChassisPlatform;
import io.gpuchassis.agent.platform.GpuIdentities;
import io.gpuchassis.agent.sim.ethernet.SimulatedDataPorts;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import io.gpuchassis.sensor.sim.device.SimFruEeprom;
import io.gpuchassis.sensor.sim.device.SimVersionRegisters;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The simulated chassis, built from a board description: the devices the board declares, simulated
 * below the agent's real drivers (switch chips at the wire, sensors at the register), filled with
 * what the board's {@code simulation} section puts in, and the fault switchboard that drives them.
 */
public final class SimulatedPlatform implements ChassisPlatform {

  /** How often the simulated physics (temperatures, fan speeds, power) advances. */
  static final Duration PHYSICS_STEP = Duration.ofMillis(100);

  /**
   * How long a simulated technician takes between pulling a card and pushing another in; shorter in
   * a fast simulation, and still many times the slot lines' poll interval.
   */
  static final Duration TECHNICIAN_PAUSE = Duration.ofSeconds(5);

  static final Duration FAST_TECHNICIAN_PAUSE = Duration.ofSeconds(1);

  /**
   * How long a simulated ExpEther I/O engine takes to report its new group (the PCIe hot-plug
   * behind it); shorter in a fast simulation.
   */
  static final Duration HOT_PLUG = Duration.ofSeconds(1);

  static final Duration FAST_HOT_PLUG = Duration.ofMillis(100);

  private final BoardDescription board;
  private final FaultInjector faults;
  private final Optional<SimulatedFabric> fabric;
  private final Optional<InetSocketAddress> remote;
  private final SimulatedSensorBoard sensorBoard;
  private final Context sensorContext;
  private final AutoCloseable physicsClock;
  private final Optional<SimulatedExpEther> expEther;
  private final SimulatedDataPorts dataPorts;

  private SimulatedPlatform(
      BoardDescription board,
      FaultInjector faults,
      Optional<SimulatedFabric> fabric,
      Optional<InetSocketAddress> remote,
      Duration technicianPause,
      Duration hotPlug,
      Clock clock,
      Optional<Path> files) {
    this.board = board;
    this.faults = faults;
    this.fabric = fabric;
    this.remote = remote;
    // The sensor buses are always simulated here, with their physics running in real time.
    this.sensorBoard = new SimulatedSensorBoard(sensorBoardConfig(board));
    board.chassisFru().ifPresent(fru -> attachFru(fru.id(), fru.path()));
    board.devicesOfType(ProgrammablePartDevice.class).forEach(this::attachVersionRegisters);
    this.sensorContext = sensorBoard.newContext();
    this.physicsClock = sensorBoard.startClock(PHYSICS_STEP);
    // The manager of the Ethernet hosts is simulated in this process, below the agent's real client
    this.expEther = SimulatedExpEther.start(board, hotPlug);
    // Faults act inside the simulator: only a simulator in this process can take them. They aim at
    // what the
    // simulation put in the chassis.
    ChassisState simulated = simulatedChassis(board);
    fabric.ifPresent(f -> new SwitchFaultKinds(f, simulated).registerWith(faults));
    // A pulled card's port loses its device: only a switch simulator in this process can show it
    fabric.ifPresent(
        f -> new CardFaultKinds(sensorBoard, f, simulated, technicianPause).registerWith(faults));
    // The data-path ports' files, on the agent's clock, below the agent's real reader.
    this.dataPorts =
        files
            .map(root -> new SimulatedDataPorts(BoardDataPorts.of(board), clock, root))
            .orElseGet(() -> new SimulatedDataPorts(BoardDataPorts.of(board), clock));
    new DataPortFaultKinds(dataPorts, simulated.identity().id()).registerWith(faults);
    new SensorFaultKinds(
            sensorBoard, simulated, new SensorCatalog(sensorBoard.config().layout(), gpuSlots()))
        .registerWith(faults);
  }

  /**
   * A simulated board whose switches run in this process, or in the separate simulator the settings
   * name.
   */
  public static SimulatedPlatform start(
      BoardDescription board, Clock clock, SimulationSettings settings) {
    return start(board, clock, settings, Optional.empty());
  }

  /**
   * As above, the data-path ports' simulated files below {@code files} (in the agent's state
   * folder, so a simulation killed before it could remove them leaves nothing in {@code /tmp}).
   */
  public static SimulatedPlatform start(
      BoardDescription board, Clock clock, SimulationSettings settings, Optional<Path> files) {
    if (settings.switchSimulator().isPresent()) {
      ListenAddress at = settings.switchSimulator().get();
      return new SimulatedPlatform(
          board,
          new FaultInjector(clock),
          Optional.empty(),
          Optional.of(new InetSocketAddress(at.host(), at.port())),
          TECHNICIAN_PAUSE,
          HOT_PLUG,
          clock,
          files);
    }
    SimTiming timing =
        settings.speed() == SimulationSpeed.FAST ? SimTiming.fast() : SimTiming.realistic();
    return new SimulatedPlatform(
        board,
        new FaultInjector(clock),
        Optional.of(SimulatedFabric.start(board, timing)),
        Optional.empty(),
        settings.speed() == SimulationSpeed.FAST ? FAST_TECHNICIAN_PAUSE : TECHNICIAN_PAUSE,
        settings.speed() == SimulationSpeed.FAST ? FAST_HOT_PLUG : HOT_PLUG,
        clock,
        files);
  }

  /**
   * What the simulation puts on the sensor buses: the board's simulated GPUs, 25 °C air, 60 % load.
   */
  private static SimulatedSensorBoardConfig sensorBoardConfig(BoardDescription board) {
    List<SimulatedGpu> gpus =
        board.simulatedPopulatedSlots().stream()
            .map(
                s -> {
                  var gpu = board.simulatedGpu(s.number()).orElseThrow();
                  return new SimulatedGpu(s.number(), gpu.tdpWatts(), GpuIdentities.ofGpu(gpu));
                })
            .toList();
    return new SimulatedSensorBoardConfig(
        BoardSensorLayout.of(board), gpus, 25.0, 0.6, true, ThermalParameters.defaults());
  }

  /** The chassis FRU EEPROM, holding the serial number the simulation section gives. */
  private void attachFru(String id, I2cPath path) {
    var image = SimFruEeprom.image();
    board.simulation().chassisSerialNumber().ifPresent(image::productSerialNumber);
    sensorBoard
        .network()
        .bus(path.bus())
        .attach(path.address(), new SimFruEeprom(id, image.build()));
  }

  /** A programmable part, its version registers holding the version the simulation gives. */
  private void attachVersionRegisters(ProgrammablePartDevice part) {
    sensorBoard
        .network()
        .bus(part.path().bus())
        .attach(
            part.path().address(),
            new SimVersionRegisters(
                part.id(), part.versionRegister(), board.simulation().partVersion(part)));
  }

  /**
   * The switch simulator running in this process (empty when the switches are simulated by another
   * process).
   */
  public SimulatedFabric fabric() {
    return fabric.orElseThrow(
        () -> new IllegalStateException("the switches are simulated by another process"));
  }

  @Override
  public SwitchDriver openSwitch(String switchId, DriverOptions options) {
    if (fabric.isPresent()) {
      return fabric.get().connect(switchId, options);
    }
    int index = board.switches().stream().map(s -> s.id()).toList().indexOf(switchId);
    return SimulatedFabric.connectRemote(remote.orElseThrow(), index, options);
  }

  @Override
  public String description() {
    return "SIMULATED HARDWARE: the simulated chassis '"
        + board.identity().model()
        + " "
        + board.identity().id()
        + "' ("
        + board.source()
        + "), switches simulated "
        + remote
            .map(a -> "by the switch simulator at " + a.getHostString() + ":" + a.getPort())
            .orElse("in this process");
  }

  @Override
  public boolean simulated() {
    return true;
  }

  @Override
  public BoardDescription board() {
    return board;
  }

  @Override
  public Context sensorContext() {
    return sensorContext;
  }

  /** A processor GPIO line of the simulated board: backed by the simulated slot it belongs to. */
  @Override
  public GpioLine gpioLine(GpioLineRef line, SlotSignal signal) throws DeviceException {
    try {
      return sensorBoard.externalLine(BoardSensorLayout.ExternalLines.name(line, signal));
    } catch (RuntimeException e) {
      throw new DeviceException(line.describe() + ": " + e.getMessage());
    }
  }

  /** The slots the simulation put a GPU in. */
  public Set<Integer> gpuSlots() {
    return board.simulatedPopulatedSlots().stream()
        .map(Slot::number)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * The chassis a board's simulation holds: the board with the GPUs its simulation section puts in.
   */
  public static ChassisState simulatedChassis(BoardDescription board) {
    ChassisState state = board.initialState();
    List<Slot> slots =
        state.slots().stream().map(s -> s.withGpu(board.simulatedGpu(s.number()))).toList();
    return new ChassisState(
        0,
        state.identity(),
        state.switches(),
        state.interSwitchLinks(),
        state.hosts(),
        slots,
        state.fans(),
        state.powerSupplies(),
        state.programmableParts(),
        state.temperatureSensors(),
        state.switchObservations(),
        state.bindings());
  }

  public SimulatedSensorBoard sensorBoard() {
    return sensorBoard;
  }

  /** A data-path port's simulated files, read by the agent's real reader. */
  @Override
  public PortSource dataPort(DataPort port, Clock clock) {
    return dataPorts.source(port);
  }

  /** The data-path ports' tools, answering from the simulated port files. */
  @Override
  public io.gpuchassis.agent.ethernet.ToolRunner dataPortTools() {
    return dataPorts.tools();
  }

  /** The same simulated tools: they answer at once. */
  @Override
  public io.gpuchassis.agent.ethernet.ToolRunner dataPortTools(java.time.Duration timeout) {
    return dataPorts.tools();
  }

  /** The fault switchboard of the simulated hardware. */
  public FaultInjector faultInjector() {
    return faults;
  }

  @Override
  public Optional<FaultInjector> faults() {
    return Optional.of(faults);
  }

  @Override
  public Optional<io.gpuchassis.switchdrv.expether.EemClient> expEtherManager() {
    return expEther.map(SimulatedExpEther::client);
  }

  /** The simulated ExpEther manager, when the board has Ethernet hosts. */
  public Optional<SimulatedExpEther> expEther() {
    return expEther;
  }

  @Override
  public void close() {
    faults.clearAll();
    expEther.ifPresent(SimulatedExpEther::close);
    fabric.ifPresent(SimulatedFabric::close);
    try {
      physicsClock.close();
    } catch (Exception e) {
      Thread.currentThread().interrupt();
    }
    sensorContext.shutdown();
    dataPorts.close();
  }
}
