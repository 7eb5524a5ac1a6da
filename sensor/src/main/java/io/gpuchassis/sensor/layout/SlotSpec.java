package io.gpuchassis.sensor.layout;

import io.gpuchassis.sensor.gpio.SlotPins;
import java.util.Optional;

/**
 * One GPU slot: where its GPU's SMBus post-box answers, and where its control signals sit.
 *
 * @param slot slot number as printed on the chassis
 * @param gpu the GPU's SMBus address, on the mux's bus if {@code gpuMux} is present
 * @param gpuMux the mux channel in front of the GPU, when the agent drives the mux
 * @param expander the PCA9555 holding the slot's signals
 * @param pins which expander pins
 */
public record SlotSpec(int slot, I2cLocation gpu, Optional<MuxChannel> gpuMux, I2cLocation expander, SlotPins pins) {

  public SlotSpec {
    if (slot < 1) {
      throw new IllegalArgumentException("slot numbers start at 1: " + slot);
    }
    if (gpuMux.isPresent() && gpuMux.get().mux().bus() != gpu.bus()) {
      throw new IllegalArgumentException("slot " + slot + ": the GPU must be on the bus of its mux");
    }
  }
}
