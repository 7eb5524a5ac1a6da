package io.gpuchassis.agent.compose;

import java.time.Duration;

/** Told when a bind or a release the engine accepted has ended, for the agent's metrics. */
@FunctionalInterface
public interface BindingObserver {

  /** What an operation did. */
  enum Kind {
    BIND,
    RELEASE
  }

  BindingObserver NONE = (kind, took, succeeded) -> {};

  /**
   * {@code kind} ended after {@code took} (from its acceptance), having succeeded or failed; called
   * on whichever thread completed it, so it must be quick and thread-safe.
   */
  void ended(Kind kind, Duration took, boolean succeeded);
}
