package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingException.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pure questions about one snapshot that the composition views ask of the binding engine's state:
 * which GPUs a host has, and whether a host can give all of its GPUs back at once.
 */
public final class HostGpus {

  private HostGpus() {}

  /** The slots bound to {@code hostId}, in slot order. */
  public static List<Integer> bound(ChassisState state, String hostId) {
    List<Integer> slots = new ArrayList<>();
    for (Slot s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      if (b.state() == SlotBinding.State.BOUND && b.host().equals(Optional.of(hostId))) {
        slots.add(s.number());
      }
    }
    return slots;
  }

  /**
   * The slots {@code hostId} holds: bound, being bound or released, or failed with it; what counts
   * against its budgets.
   */
  public static List<Integer> held(ChassisState state, String hostId) {
    List<Integer> slots = new ArrayList<>();
    for (Slot s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      if (b.state() != SlotBinding.State.UNBOUND && b.host().equals(Optional.of(hostId))) {
        slots.add(s.number());
      }
    }
    return slots;
  }

  /**
   * The slots to release so that {@code hostId} has no GPU left, checked all-or-nothing: refused
   * with the engine's reasons when any GPU of the host is in the middle of an operation or has not
   * been released by the host (ReadyToRemove), so that a decomposition either starts on every GPU
   * or on none.
   */
  public static List<Integer> releaseAll(ChassisState state, String hostId) {
    return releaseAll(state, hostId, ReleaseRule.REQUIRE_RELEASE);
  }

  /** As above, with {@code rule} saying which GPUs the host still holds. */
  public static List<Integer> releaseAll(ChassisState state, String hostId, ReleaseRule rule) {
    List<String> busy = new ArrayList<>();
    List<String> held = new ArrayList<>();
    List<Integer> slots = new ArrayList<>();
    for (Slot s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      if (!b.host().equals(Optional.of(hostId))) {
        continue;
      }
      if (b.inTransition()) {
        busy.add("slot " + s.number());
      } else if (b.state() == SlotBinding.State.BOUND) {
        rule.holds(state, s.number(), b).ifPresent(held::add);
        slots.add(s.number());
      }
    }
    if (!busy.isEmpty()) {
      throw new BindingException(
          Reason.IN_USE,
          "an operation is under way on "
              + String.join(", ", busy)
              + " of "
              + hostId
              + "; nothing was released");
    }
    if (!held.isEmpty()) {
      throw new BindingException(
          Reason.HOST_STILL_USING, String.join("; ", held) + "; nothing was released");
    }
    return slots;
  }
}
