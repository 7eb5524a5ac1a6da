package io.gpuchassis.agent.chassis;

import java.util.Optional;

/**
 * A GPU slot: its number as printed on the chassis, the switch downstream port that feeds it, its
 * electrical width and PCIe generation, the GPU in it, if any, and the ExpEther I/O engine (EEIO)
 * in front of the GPU when Ethernet hosts can be given it.
 */
public record Slot(
    int number,
    String switchId,
    int port,
    int lanes,
    int pcieGeneration,
    Optional<Gpu> gpu,
    Optional<String> expetherEngine) {

  /** A slot that only PCIe hosts reach. */
  public Slot(
      int number, String switchId, int port, int lanes, int pcieGeneration, Optional<Gpu> gpu) {
    this(number, switchId, port, lanes, pcieGeneration, gpu, Optional.empty());
  }

  public boolean occupied() {
    return gpu.isPresent();
  }

  /** This slot holding {@code gpu} (or nothing). */
  public Slot withGpu(Optional<Gpu> gpu) {
    return new Slot(number, switchId, port, lanes, pcieGeneration, gpu, expetherEngine);
  }
}
