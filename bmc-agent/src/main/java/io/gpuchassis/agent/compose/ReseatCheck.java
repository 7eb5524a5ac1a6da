package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.config.CompositionSettings.Reseat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * What becomes of each binding whose slot no longer holds the card it was made with (by serial
 * number), by the slot's re-seat policy: at start, for cards swapped or taken out while the agent
 * was down ({@link BindingReconciler}), and while it runs, once a card is pulled, pushed in or its
 * slot powered on ({@link LiveReseat}). A different card is never given to the old host; the same
 * card is bound again as the journal says. Pure.
 */
public final class ReseatCheck {

  private ReseatCheck() {}

  /** What the reconciliation does with a binding instead of restoring it. */
  public enum Action {
    /** The slot is held for an operator: unbound, in no pool, until a forced release. */
    HOLD,
    /** The binding is given up: the slot is free. */
    RELEASE,
    /** The slot is empty: the binding waits in the journal for its card to come back. */
    WAIT
  }

  /** A binding not restored as it was, and why. */
  public record Decision(int slot, String host, Action action, String description) {}

  /**
   * @param desired the journal's bindings, slot to host
   * @param serials the serial number of the card each was made with, where known
   * @param policyOf each slot's re-seat policy
   */
  public static List<Decision> decide(
      ChassisState state,
      Map<Integer, String> desired,
      Map<Integer, String> serials,
      IntFunction<Reseat> policyOf) {
    List<Decision> decisions = new ArrayList<>();
    desired.forEach(
        (slot, host) -> {
          String bound = serials.get(slot);
          if (bound == null) {
            return; // bound before serial numbers were kept, or the card did not say its own
          }
          String now = BindingEngine.cardSerial(state, slot);
          if (bound.equals(now)) {
            return;
          }
          Reseat policy = policyOf.apply(slot);
          String was = prefix(slot) + host + " with card " + bound;
          if (now == null && state.slot(slot).map(s -> !s.occupied()).orElse(true)) {
            decisions.add(
                switch (policy) {
                  case RESTORE ->
                      new Decision(
                          slot,
                          host,
                          Action.WAIT,
                          was + "; the slot is empty: the binding is kept for that card's return");
                  case HOLD ->
                      new Decision(slot, host, Action.HOLD, was + "; the slot is empty: held");
                  case RELEASE ->
                      new Decision(
                          slot, host, Action.RELEASE, was + "; the slot is empty: released");
                });
            return;
          }
          String found = now == null ? "a card that does not say its serial number" : "card " + now;
          Action action = policy.forAnotherCard() == Reseat.HOLD ? Action.HOLD : Action.RELEASE;
          decisions.add(
              new Decision(
                  slot,
                  host,
                  action,
                  was
                      + " and now holds "
                      + found
                      + (action == Action.HOLD
                          ? ": held, not given to " + host + "; a forced release frees it"
                          : ": released, not given to " + host)));
        });
    return decisions;
  }

  /**
   * Whether the binding is a slot held by a decision of this check (FAILED for an operator, its
   * reason the decision's description), rather than failed by a switch that stopped answering.
   */
  public static boolean holds(SlotBinding binding) {
    return binding.state() == SlotBinding.State.FAILED
        && binding.lastFailure().filter(f -> f.startsWith(prefix(binding.slot()))).isPresent();
  }

  private static String prefix(int slot) {
    return "slot " + slot + " was bound to ";
  }
}
