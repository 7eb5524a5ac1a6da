package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.HardwareMode;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import java.time.Clock;

/**
 * The one place that decides whether the agent runs on real or simulated hardware ({@code hardware.mode}). It is the
 * only class outside the simulation that may know the simulation exists (an ArchUnit rule holds this).
 */
public final class PlatformAssembly {

  private PlatformAssembly() {}

  /**
   * Opens the platform the configuration selects.
   *
   * @throws ConfigException when the board description cannot be read or the mode cannot be honoured
   */
  public static ChassisPlatform open(AgentConfig config, Clock clock) {
    if (config.hardwareMode() == HardwareMode.REAL) {
      throw new ConfigException(
          "hardware.mode: 'real' needs the switch, sensor and flash drivers, which this build does not have yet;"
              + " use 'simulated'");
    }
    return SimulatedPlatform.fromTopology(config.topology(), clock, config.simulation());
  }
}
