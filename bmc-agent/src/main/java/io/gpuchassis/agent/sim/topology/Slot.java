package io.gpuchassis.agent.sim.topology;

import java.util.Objects;
import java.util.Optional;

/**
 * A GPU slot: a downstream switch port wired to a x16 connector.
 *
 * @param id slot number as printed on the chassis, starting at 1
 * @param port the switch port that feeds the slot
 * @param gpu the GPU the simulation puts in the slot; empty for an empty slot
 */
public record Slot(int id, SwitchPort port, Optional<Gpu> gpu) {

  public Slot {
    Objects.requireNonNull(port, "port");
    Objects.requireNonNull(gpu, "gpu");
  }

  /** Whether the simulation puts a GPU in this slot. */
  public boolean isPopulated() {
    return gpu.isPresent();
  }
}
