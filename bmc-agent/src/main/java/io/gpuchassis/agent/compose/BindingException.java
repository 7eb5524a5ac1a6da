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
    SWITCH_STATE_UNKNOWN,
    /** The GPUs asked for would draw more than the supplies carry with their redundancy. */
    POWER_BUDGET,
    /** The host's partition has no free logical bridge for another GPU. */
    NO_LOGICAL_BRIDGE,
    /** The GPU's memory windows (BARs) do not fit in the host port's hot-plug window. */
    BAR_WINDOW,
    /** An Ethernet host's engine already holds as many devices as its ExpEther board may have. */
    DEVICE_LIMIT
  }

  /**
   * What an admission check found missing: {@code needed} of something of which only {@code
   * available} is left, for {@code host}.
   */
  public record Shortfall(String host, long needed, long available) {}

  private final Reason reason;
  private final Shortfall shortfall;

  public BindingException(Reason reason, String message) {
    this(reason, message, null);
  }

  public BindingException(Reason reason, String message, Shortfall shortfall) {
    super(message);
    this.reason = reason;
    this.shortfall = shortfall;
  }

  public Reason reason() {
    return reason;
  }

  /** The two numbers of a refused admission check; empty for any other reason. */
  public java.util.Optional<Shortfall> shortfall() {
    return java.util.Optional.ofNullable(shortfall);
  }
}
