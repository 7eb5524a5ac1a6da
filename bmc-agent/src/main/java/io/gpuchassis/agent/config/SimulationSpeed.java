package io.gpuchassis.agent.config;

/** How fast the simulated hardware reacts. */
public enum SimulationSpeed {
  /**
   * Link training, bind latency and reboots take as long as on real parts (hundreds of
   * milliseconds).
   */
  REALISTIC,
  /** Everything happens within tens of milliseconds: for tests. */
  FAST
}
