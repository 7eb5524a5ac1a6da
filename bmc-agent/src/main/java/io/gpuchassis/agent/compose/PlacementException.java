package io.gpuchassis.agent.compose;

/**
 * No set of free GPUs satisfies a constrained request; the message says why (e.g. "only 3 free GPUs
 * on ...").
 */
public final class PlacementException extends RuntimeException {

  private final boolean blockedByReservations;

  public PlacementException(String message, boolean blockedByReservations) {
    super(message);
    this.blockedByReservations = blockedByReservations;
  }

  /**
   * True when the request would be placed if reserved GPUs were free: someone else holds what is
   * needed.
   */
  public boolean blockedByReservations() {
    return blockedByReservations;
  }
}
