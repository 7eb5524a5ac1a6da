package io.gpuchassis.agent.sim.topology;

import java.util.Objects;

/**
 * One physical port of a switch chip together with what it can carry.
 *
 * <p>A port is used by exactly one slot, one host connection or one end of an inter-switch
 * link. Width and generation describe the wired connection (connector, cable, retimers), which
 * may be less than the chip could do.
 *
 * @param switchId id of the {@link SwitchChip} the port belongs to
 * @param port physical port number on that chip, 0..portCount-1
 * @param width lane count of the connection: 1, 2, 4, 8 or 16
 * @param maxGen highest PCIe generation the connection supports (1..6)
 */
public record SwitchPort(String switchId, int port, int width, int maxGen) {

  public SwitchPort {
    Objects.requireNonNull(switchId, "switchId");
  }

  /** Short label used in messages and logs, e.g. {@code "SW1:40"}. */
  public String label() {
    return switchId + ":" + port;
  }
}
