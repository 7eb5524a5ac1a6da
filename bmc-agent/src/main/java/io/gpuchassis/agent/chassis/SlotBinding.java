package io.gpuchassis.agent.chassis;

import java.time.Instant;
import java.util.Optional;

/**
 * Where a GPU slot stands in the binding engine's state machine: unbound, binding, bound (to {@code
 * host}), unbinding, or failed (the hardware state is not known: the switch stopped answering in
 * the middle of an operation). {@code lastFailure} tells why the last operation did not happen;
 * {@code readyToRemove} is the orchestrator's word that the host has released the GPU, which an
 * unbind needs unless forced. {@code link} is how the GPU's link trained when it was last bound,
 * while it is bound (empty when not bound, or bound before the agent started).
 */
public record SlotBinding(
    int slot,
    State state,
    Optional<String> host,
    Optional<String> lastFailure,
    boolean readyToRemove,
    Instant since,
    Optional<LinkTraining> link) {

  /** The states of a slot's binding. */
  public enum State {
    UNBOUND,
    BINDING,
    BOUND,
    UNBINDING,
    FAILED
  }

  public static SlotBinding unbound(int slot, Instant now) {
    return new SlotBinding(
        slot, State.UNBOUND, Optional.empty(), Optional.empty(), false, now, Optional.empty());
  }

  public SlotBinding to(
      State next, Optional<String> nextHost, Optional<String> failure, Instant now) {
    return new SlotBinding(
        slot,
        next,
        nextHost,
        failure,
        next == State.BOUND && readyToRemove,
        now,
        next == State.UNBOUND || next == State.BINDING ? Optional.empty() : link);
  }

  /** This binding with how its link trained. */
  public SlotBinding withLink(LinkTraining training) {
    return new SlotBinding(
        slot, state, host, lastFailure, readyToRemove, since, Optional.of(training));
  }

  public SlotBinding withReadyToRemove(boolean value) {
    return new SlotBinding(slot, state, host, lastFailure, value, since, link);
  }

  /** Busy: an operation is under way. */
  public boolean inTransition() {
    return state == State.BINDING || state == State.UNBINDING;
  }
}
