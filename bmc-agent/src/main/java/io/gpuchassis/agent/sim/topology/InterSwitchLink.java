package io.gpuchassis.agent.sim.topology;

import java.util.Objects;
import java.util.Optional;

/**
 * A PCIe link between ports of two different switch chips.
 *
 * @param a one end
 * @param b the other end
 */
public record InterSwitchLink(SwitchPort a, SwitchPort b) {

  public InterSwitchLink {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
  }

  /** Whether one end of the link is on the given switch. */
  public boolean touches(String switchId) {
    return a.switchId().equals(switchId) || b.switchId().equals(switchId);
  }

  /** The switch at the far end when standing on {@code switchId}; empty if the link does not touch it. */
  public Optional<String> farSwitch(String switchId) {
    if (a.switchId().equals(switchId)) {
      return Optional.of(b.switchId());
    }
    if (b.switchId().equals(switchId)) {
      return Optional.of(a.switchId());
    }
    return Optional.empty();
  }
}
