package io.gpuchassis.agent.config;

/** Where the agent's hardware comes from. Chosen in one place: the configuration. */
public enum HardwareMode {
  /**
   * The simulated chassis built from a topology file: the default when nothing selects real
   * hardware.
   */
  SIMULATED,
  /** The switches, sensors and flash of the chassis the agent runs in. */
  REAL
}
