package io.gpuchassis.sensor.sim;

/**
 * An active simulated fault. {@link #clear()} returns the simulated hardware to normal; clearing
 * twice is harmless.
 */
public interface FaultHandle extends AutoCloseable {

  /** What the fault does, for logs and the simulation API. */
  String description();

  void clear();

  boolean active();

  @Override
  default void close() {
    clear();
  }
}
