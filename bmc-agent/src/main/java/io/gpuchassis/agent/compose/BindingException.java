package io.gpuchassis.agent.compose;

/**
 * A bind or unbind that did not happen, and why; the hardware is where it was before, except for
 * {@link Reason#SWITCH_STATE_UNKNOWN}.
 */
public final class BindingException extends RuntimeException {

  /** Why the engine refused or gave up. */
  public enum Reason {
    UNKNOWN_SLOT,
    UNKNOWN_HOST,
    EMPTY_SLOT,
    /** The slot is bound, or an operation on it is under way. */
    IN_USE,
    NOT_BOUND,
    /** The GPU and the host port are on different switch chips. */
    NOT_REACHABLE,
    /** The host has not released the GPU (ReadyToRemove) and the unbind was not forced. */
    HOST_STILL_USING,
    /**
     * The link did not train at the expected width and speed after binding; the binding was undone.
     */
    LINK_NOT_TRAINED,
    /** A chip the binding needs is having its firmware updated; nothing was done. */
    SWITCH_UPDATING,
    /** The agent is stopping: no operation starts any more; nothing was done. */
    STOPPING,
    /** The switch refused or did not answer; the binding was left as it was. */
    SWITCH_FAILED,
    /**
     * The switch stopped answering mid-operation and the slot's binding on it could not be read
     * back: the slot is FAILED until a forced release (or the reconciliation at the next start)
     * settles it.
     */
    SWITCH_STATE_UNKNOWN
  }

  private final Reason reason;

  public BindingException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
