package io.gpuchassis.switchdrv.sim;

/**
 * An injected fault. {@link #clear()} removes it (idempotent); {@link #close()} does the same, so a
 * handle fits try-with-resources. Thread-safe.
 */
public interface FaultHandle extends AutoCloseable {

  /** Identifier unique within its simulator. */
  long id();

  Fault fault();

  /** False once cleared (or, for one-shot faults, once fired). */
  boolean active();

  void clear();

  @Override
  default void close() {
    clear();
  }
}
