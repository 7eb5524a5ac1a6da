package io.gpuchassis.agent.board;

import java.util.Objects;
import java.util.Optional;

/**
 * How the agent reaches a slot outside PCIe: the GPU's SMBus (for SMBPBI temperature and power) and
 * the connector's signals.
 *
 * @param slot the slot number
 * @param sideband where the seated GPU's SMBus post-box answers; empty if not wired
 * @param lines the connector signals
 */
public record SlotAccess(int slot, Optional<I2cPath> sideband, SlotLines lines) {

  public SlotAccess {
    Objects.requireNonNull(sideband, "sideband");
    Objects.requireNonNull(lines, "lines");
  }
}
