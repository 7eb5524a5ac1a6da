package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.SwitchChip;
import java.util.Objects;

/**
 * A switch chip as the board wires it: the model's chip, the highest PCIe generation it supports
 * (no port of it may claim more), and how the agent reaches it.
 *
 * @param chip the chassis model's record of the chip
 * @param maxGeneration highest PCIe generation of the chip, 1-6
 * @param access the management transport
 */
public record BoardSwitch(SwitchChip chip, int maxGeneration, SwitchAccess access) {

  public BoardSwitch {
    Objects.requireNonNull(chip, "chip");
    Objects.requireNonNull(access, "access");
  }

  /** The chip's id, e.g. {@code "SW1"}. */
  public String id() {
    return chip.id();
  }
}
