package io.gpuchassis.agent.compose;

/** A request named GPUs or hosts that another client's reservation holds. */
public final class ReservationConflict extends RuntimeException {

  private final Reservation holder;

  public ReservationConflict(Reservation holder, String message) {
    super(message);
    this.holder = holder;
  }

  public Reservation holder() {
    return holder;
  }
}
