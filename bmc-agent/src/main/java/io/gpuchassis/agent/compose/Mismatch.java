package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.InterSwitchLink;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A disagreement between the journal and the switches that reconciliation found about a slot or an
 * inter-switch link: what it was and what was done, and whether it was put right ({@code repaired})
 * or still needs an operator.
 */
public record Mismatch(
    OptionalInt slot, Optional<InterSwitchLink> link, String description, boolean repaired) {

  static Mismatch ofSlot(int slot, String description, boolean repaired) {
    return new Mismatch(OptionalInt.of(slot), Optional.empty(), description, repaired);
  }

  static Mismatch ofLink(InterSwitchLink link, String description, boolean repaired) {
    return new Mismatch(OptionalInt.empty(), Optional.of(link), description, repaired);
  }

  /** {@code slot 3} or {@code link SW1 -> SW2}. */
  public String subject() {
    return slot.isPresent()
        ? "slot " + slot.getAsInt()
        : "link " + link.orElseThrow().switchA() + " -> " + link.orElseThrow().switchB();
  }

  @Override
  public String toString() {
    return subject() + ": " + description;
  }
}
