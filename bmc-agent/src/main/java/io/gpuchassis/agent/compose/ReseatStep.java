package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import java.util.Optional;

/**
 * What the running agent does to a slot whose binding the journal keeps, once {@link ReseatCheck}
 * has judged the card now in it, from where the slot stands: the same steps the start-up
 * reconciliation takes, made on a slot that may still be bound. Pure.
 */
enum ReseatStep {
  /** The slot already stands as the decision wants. */
  NONE,
  /** Its card is back (or still there): bound to its host again. */
  RESTORE,
  /** Taken off the switch; the journal keeps the binding for the card's return. */
  DETACH,
  /** Taken off the switch and held for an operator (FAILED until a forced release). */
  HOLD,
  /** Released through the engine: journaled, and off the switch. */
  RELEASE,
  /** Released in the journal alone: nothing of it is on the switch any more. */
  FORGET;

  /**
   * @param decision the check's decision about the slot's binding; empty for the same card (or a
   *     binding made before serial numbers were kept, which is not judged)
   * @param now the slot's binding in the model, no operation under way on it
   */
  static ReseatStep of(Optional<ReseatCheck.Decision> decision, SlotBinding now) {
    State state = now.state();
    boolean held = ReseatCheck.holds(now);
    if (decision.isEmpty()) {
      return state == State.UNBOUND || held ? RESTORE : NONE;
    }
    ReseatCheck.Decision d = decision.get();
    return switch (d.action()) {
      case WAIT -> state == State.BOUND || held ? DETACH : NONE;
      case HOLD ->
          state == State.BOUND
                  || state == State.UNBOUND
                  || (held && !now.lastFailure().equals(Optional.of(d.description())))
              ? HOLD
              : NONE; // held for this already, or failed for a reason an operator must settle
      case RELEASE ->
          switch (state) {
            case BOUND, FAILED -> RELEASE;
            case UNBOUND -> FORGET;
            case BINDING, UNBINDING -> NONE;
          };
    };
  }
}
