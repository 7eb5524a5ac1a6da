package io.gpuchassis.agent.store;

/** The embedded database failed (I/O error, corrupt file, constraint violated). */
public final class StoreException extends RuntimeException {
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
