package io.gpuchassis.agent.config;

import java.util.Optional;

/**
 * How the simulated chassis runs: how fast its hardware reacts, and where its switch chips live. By
 * default the agent simulates them itself; {@code switchSimulator} names a separate simulator
 * process (started with {@code io.gpuchassis.agent.sim.SwitchSimulatorMain}) whose switches outlive
 * the agent, as real ones do when the agent restarts or crashes.
 */
public record SimulationSettings(SimulationSpeed speed, Optional<ListenAddress> switchSimulator) {

  public static final SimulationSettings DEFAULT =
      new SimulationSettings(SimulationSpeed.REALISTIC, Optional.empty());

  public SimulationSettings withSpeed(SimulationSpeed value) {
    return new SimulationSettings(value, switchSimulator);
  }

  public SimulationSettings withSwitchSimulator(ListenAddress value) {
    return new SimulationSettings(speed, Optional.of(value));
  }
}
