package io.gpuchassis.agent.sim;

import com.pi4j.context.Context;
import io.gpuchassis.agent.health.SensorCatalog;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import java.time.Duration;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.platform.ChassisPlatform;
import io.gpuchassis.agent.platform.SupplyRedundancy;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSettings;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import java.net.InetSocketAddress;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.sim.topology.ChassisTopology;
import io.gpuchassis.agent.sim.topology.TopologyException;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The simulated chassis, built from a topology file: the hardware it simulates (the switch chips, served over TCP) and
 * the fault switchboard that drives it. It also yields the chassis inventory the agent starts from.
 */
public final class SimulatedPlatform implements ChassisPlatform {

  /** How often the simulated physics (temperatures, fan speeds, power) advances. */
  static final Duration PHYSICS_STEP = Duration.ofMillis(100);

  private final String name;
  private final ChassisTopology topology;
  private final FaultInjector faults;
  private final Optional<SimulatedFabric> fabric;
  private final Optional<InetSocketAddress> remote;
  private final SimulatedSensorBoard sensorBoard;
  private final Context sensorContext;
  private final AutoCloseable physicsClock;
  private final SensorCatalog sensorCatalog;

  private SimulatedPlatform(
      String name,
      ChassisTopology topology,
      FaultInjector faults,
      Optional<SimulatedFabric> fabric,
      Optional<InetSocketAddress> remote) {
    this.name = name;
    this.topology = topology;
    this.faults = faults;
    this.fabric = fabric;
    this.remote = remote;
    // The sensor buses are always simulated here, with their physics running in real time.
    this.sensorBoard = new SimulatedSensorBoard(SensorLayouts.simulation(topology));
    this.sensorContext = sensorBoard.newContext();
    this.physicsClock = sensorBoard.startClock(PHYSICS_STEP);
    this.sensorCatalog = new SensorCatalog(sensorBoard.config().layout(), gpuSlots());
    // Faults act inside the simulator: only a simulator in this process can take them.
    fabric.ifPresent(f -> new SwitchFaultKinds(f, inventory()).registerWith(faults));
    new SensorFaultKinds(sensorBoard, inventory(), sensorCatalog()).registerWith(faults);
  }

  /**
   * @param file the topology file, or empty for the embedded reference chassis
   * @throws ConfigException when the file cannot be read or describes an impossible chassis
   */
  public static SimulatedPlatform fromTopology(Optional<Path> file, Clock clock, SimulationSpeed speed) {
    return fromTopology(file, clock, new SimulationSettings(speed, Optional.empty()));
  }

  /** A simulated chassis whose switches run in this process, or in the separate simulator the settings name. */
  public static SimulatedPlatform fromTopology(Optional<Path> file, Clock clock, SimulationSettings settings) {
    SimulationSpeed speed = settings.speed();
    ChassisTopology topology;
    try {
      topology = file.map(ChassisTopology::load).orElseGet(ChassisTopology::reference);
    } catch (TopologyException e) {
      throw new ConfigException("chassis topology: " + e.getMessage(), e);
    }
    String name = topology.chassis().model() + " " + topology.chassis().id() + "' ("
        + file.map(p -> p.toAbsolutePath().toString()).orElse("the embedded reference chassis") + ")";
    if (settings.switchSimulator().isPresent()) {
      ListenAddress at = settings.switchSimulator().get();
      InetSocketAddress address = new InetSocketAddress(at.host(), at.port());
      return new SimulatedPlatform(name, topology, new FaultInjector(clock), Optional.empty(), Optional.of(address));
    }
    SimTiming timing = speed == SimulationSpeed.FAST ? SimTiming.fast() : SimTiming.realistic();
    return new SimulatedPlatform(
        name, topology, new FaultInjector(clock), Optional.of(SimulatedFabric.start(topology, timing)), Optional.empty());
  }

  /** The switch simulator running in this process (empty when the switches are simulated by another process). */
  public SimulatedFabric fabric() {
    return fabric.orElseThrow(() -> new IllegalStateException("the switches are simulated by another process"));
  }

  /** A driver for {@code switchId}, wherever its simulator runs. */
  @Override
  public SwitchDriver openSwitch(String switchId, DriverOptions options) {
    if (fabric.isPresent()) {
      return fabric.get().connect(switchId, options);
    }
    int index =
        topology.switches().stream().map(s -> s.id()).toList().indexOf(switchId);
    return SimulatedFabric.connectRemote(remote.orElseThrow(), index, options);
  }

  @Override
  public String description() {
    return "SIMULATED HARDWARE: the simulated chassis '" + name + ", switches simulated "
        + remote.map(a -> "by the switch simulator at " + a.getHostString() + ":" + a.getPort()).orElse("in this process");
  }

  @Override
  public boolean simulated() {
    return true;
  }

  /** The Pi4J context whose I2C buses are the simulated sensor board's: the agent's sensor drivers open it. */
  @Override
  public Context sensorContext() {
    return sensorContext;
  }

  @Override
  public SensorLayout sensorLayout() {
    return sensorBoard.config().layout();
  }

  /** The slots whose GPU sideband is read: the occupied ones. */
  public Set<Integer> gpuSlots() {
    return topology.populatedSlots().stream().map(s -> s.id()).collect(Collectors.toCollection(TreeSet::new));
  }

  public SensorCatalog sensorCatalog() {
    return sensorCatalog;
  }

  public SimulatedSensorBoard sensorBoard() {
    return sensorBoard;
  }

  @Override
  public void close() {
    faults.clearAll();
    fabric.ifPresent(SimulatedFabric::close);
    try {
      physicsClock.close();
    } catch (Exception e) {
      Thread.currentThread().interrupt();
    }
    sensorContext.shutdown();
  }

  public ChassisTopology topology() {
    return topology;
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
  public SupplyRedundancy supplyRedundancy() {
    return new SupplyRedundancy(
        topology.powerSupplyRedundancy().type().name(), topology.powerSupplyRedundancy().minNeeded());
  }

  /** The inventory the agent starts from: what the simulated chassis holds. */
  @Override
  public ChassisState inventory() {
    return TopologyInventory.initialState(topology);
  }
}
