package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.sim.fault.FaultInjector;
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
public final class SimulatedChassis implements AutoCloseable {

  private final String name;
  private final ChassisTopology topology;
  private final FaultInjector faults;
  private final SimulatedFabric fabric;

  private SimulatedChassis(String name, ChassisTopology topology, FaultInjector faults, SimulatedFabric fabric) {
    this.name = name;
    this.topology = topology;
    this.faults = faults;
    this.fabric = fabric;
    new SwitchFaultKinds(fabric, initialState()).registerWith(faults);
  }

  /**
   * @param file the topology file, or empty for the embedded reference chassis
   * @throws ConfigException when the file cannot be read or describes an impossible chassis
   */
  public static SimulatedChassis fromTopology(Optional<Path> file, Clock clock, SimulationSpeed speed) {
    ChassisTopology topology;
    try {
      topology = file.map(ChassisTopology::load).orElseGet(ChassisTopology::reference);
    } catch (TopologyException e) {
      throw new ConfigException("chassis topology: " + e.getMessage(), e);
    }
    String name = topology.chassis().model() + " " + topology.chassis().id();
    SimTiming timing = speed == SimulationSpeed.FAST ? SimTiming.fast() : SimTiming.realistic();
    return new SimulatedChassis(name, topology, new FaultInjector(clock), SimulatedFabric.start(topology, timing));
  }

  public SimulatedFabric fabric() {
    return fabric;
  }

  @Override
  public void close() {
    faults.clearAll();
    fabric.close();
  }

  public String topologyName() {
    return name;
  }

  public ChassisTopology topology() {
    return topology;
  }

  public FaultInjector faults() {
    return faults;
  }

  /** The inventory the agent starts from: what the simulated chassis holds. */
  public ChassisState initialState() {
    return TopologyInventory.initialState(topology);
  }
}
