package io.gpuchassis.agent.chassis;

import java.util.Optional;

/**
 * A GPU slot: its number as printed on the chassis, the switch downstream port that feeds it, its
 * electrical width and PCIe generation, and the GPU in it, if any.
 */
public record Slot(
    int number, String switchId, int port, int lanes, int pcieGeneration, Optional<Gpu> gpu) {

  public boolean occupied() {
    return gpu.isPresent();
  }

  /** This slot holding {@code gpu} (or nothing). */
  public Slot withGpu(Optional<Gpu> gpu) {
    return new Slot(number, switchId, port, lanes, pcieGeneration, gpu);
  }
}
