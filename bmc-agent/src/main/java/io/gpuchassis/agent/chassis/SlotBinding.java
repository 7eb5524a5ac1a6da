package io.gpuchassis.agent.chassis;

import java.time.Instant;
import java.util.Optional;

/**
 * Where a GPU slot stands in the binding engine's state machine: unbound, binding, bound (to {@code
 * host}), unbinding, or failed (the hardware state is not known: the switch stopped answering in
 * the middle of an operation). {@code lastFailure} tells why the last operation did not happen;
 * {@code readyToRemove} is the orchestrator's word that the host has released the GPU, which an
 * unbind needs unless forced. {@code link} is how the GPU's link trained when it was last bound,
 * while it is bound (empty when not bound, bound before the agent started, or bound over Ethernet,
 * where the agent reads no link); {@code hostSight} is what the host said of the GPU when it was
 * last bound, on either fabric ({@link HostSight#NOT_EXPECTED} when not bound, or not known).
 */
public record SlotBinding(
    int slot,
    State state,
    Optional<String> host,
    Optional<String> lastFailure,
    boolean readyToRemove,
    Instant since,
    Optional<LinkTraining> link,
    HostSight hostSight) {

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
        slot,
        State.UNBOUND,
        Optional.empty(),
        Optional.empty(),
        false,
        now,
        Optional.empty(),
        HostSight.NOT_EXPECTED);
  }

  public SlotBinding to(
      State next, Optional<String> nextHost, Optional<String> failure, Instant now) {
    boolean forget = next == State.UNBOUND || next == State.BINDING;
    return new SlotBinding(
        slot,
        next,
        nextHost,
        failure,
        next == State.BOUND && readyToRemove,
        now,
        forget ? Optional.empty() : link,
        forget ? HostSight.NOT_EXPECTED : hostSight);
  }

  /** This binding with how its link trained. */
  public SlotBinding withLink(LinkTraining training) {
    return new SlotBinding(
        slot, state, host, lastFailure, readyToRemove, since, Optional.of(training), hostSight);
  }

  /** This binding with what the host said of its GPU. */
  public SlotBinding withHostSight(HostSight sight) {
    return new SlotBinding(slot, state, host, lastFailure, readyToRemove, since, link, sight);
  }

  public SlotBinding withReadyToRemove(boolean value) {
    return new SlotBinding(slot, state, host, lastFailure, value, since, link, hostSight);
  }

  /** Busy: an operation is under way. */
  public boolean inTransition() {
    return state == State.BINDING || state == State.UNBINDING;
  }
}
