package io.gpuchassis.sensor.sim;

/**
 * A GPU the simulation puts in a slot.
 *
 * @param slot slot number (must exist in the layout)
 * @param tdpWatts thermal design power
 */
public record SimulatedGpu(int slot, int tdpWatts) {

  public SimulatedGpu {
    if (tdpWatts < 1) {
      throw new IllegalArgumentException("slot " + slot + ": TDP must be positive");
    }
  }
}
