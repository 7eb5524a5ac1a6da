package io.gpuchassis.agent.fault;

/** A fault request that cannot be honoured: unknown kind, bad target, unknown fault id. */
public final class FaultException extends RuntimeException {

  /** Why the request was refused, so the API can answer with the matching status. */
  public enum Reason {
    UNKNOWN_KIND,
    BAD_TARGET,
    UNKNOWN_FAULT
  }

  private final Reason reason;

  public FaultException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
