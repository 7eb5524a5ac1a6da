package io.gpuchassis.switchdrv.expether;

import java.util.Optional;

/**
 * The one failure type of the ExpEther client: no usable answer from the manager, an answer that
 * refuses the request, or a request the client itself declines to send because a rule forbids it.
 * Callers switch on {@link #kind()}; the manager's own error code stays in {@link #managerCode()}.
 */
public final class EemException extends RuntimeException {

  /** What went wrong, at the granularity a caller acts on. */
  public enum Kind {
    /** No connection: nothing listens, the address is unreachable, or the connection broke. */
    UNREACHABLE,
    /** Connected, but no answer within the request timeout. */
    TIMEOUT,
    /** The manager refused the credentials (401 or 403). */
    AUTH_REFUSED,
    /** No such device (404). */
    NOT_FOUND,
    /** The manager refused because of the device's state (409). */
    CONFLICT,
    /** Any other refusal (a 4xx or 5xx status). */
    REJECTED,
    /** An answer the client cannot read: not JSON, or a field missing or of the wrong form. */
    MALFORMED,
    /** Not sent: the host's group already holds its {@code max_eeio_count} I/O engines. */
    LIMIT_REACHED,
    /** Not sent: the I/O engine's port 0 reports its link down. */
    ENGINE_DOWN,
    /** Not sent: the I/O engine is not in the free pool (4093). */
    NOT_FREE,
    /** Not sent: the device is not of the role the request needs (a host where an EEIO belongs). */
    WRONG_ROLE,
    /** Not sent: the host engine is in another group than the one it was to be given. */
    WRONG_GROUP
  }

  private final Kind kind;
  private final int httpStatus;
  private final String managerCode;

  public EemException(Kind kind, String message) {
    this(kind, message, 0, null, null);
  }

  public EemException(Kind kind, String message, Throwable cause) {
    this(kind, message, 0, null, cause);
  }

  public EemException(
      Kind kind, String message, int httpStatus, String managerCode, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.httpStatus = httpStatus;
    this.managerCode = managerCode;
  }

  public Kind kind() {
    return kind;
  }

  /** The HTTP status of a refusal; 0 when no answer came or the client did not send. */
  public int httpStatus() {
    return httpStatus;
  }

  /** The {@code code} of the manager's error body, when it sent one. */
  public Optional<String> managerCode() {
    return Optional.ofNullable(managerCode);
  }
}
