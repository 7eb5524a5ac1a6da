package io.gpuchassis.sensor.sim.bus;

/** A simulated target that connects downstream channels to its bus when selected. */
public interface SimI2cMux extends SimI2cTarget {

  /** Bit n set = channel n connected. */
  int connectedChannels();
}
