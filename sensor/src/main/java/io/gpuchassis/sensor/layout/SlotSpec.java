package io.gpuchassis.sensor.layout;

import io.gpuchassis.sensor.gpio.SlotSignal;
import java.util.Optional;

/**
 * One GPU slot: where its control signals are wired and where its GPU's SMBus post-box answers.
 *
 * @param slot slot number as printed on the chassis
 * @param lines the slot's signals; any may be missing
 * @param gpu the GPU's sideband; empty for a slot whose GPU the agent cannot reach over SMBus (no
 *     GPU sensors then)
 */
public record SlotSpec(int slot, SlotLines lines, Optional<GpuSidebandSpec> gpu) {

  public SlotSpec {
    if (slot < 1) {
      throw new IllegalArgumentException("slot numbers start at 1: " + slot);
    }
    if (lines == null || gpu == null) {
      throw new IllegalArgumentException(
          "slot " + slot + ": lines and GPU sideband must not be null");
    }
  }

  public Optional<SlotLine> line(SlotSignal signal) {
    return lines.line(signal);
  }
}
