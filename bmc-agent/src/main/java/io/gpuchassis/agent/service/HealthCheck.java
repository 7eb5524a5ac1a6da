package io.gpuchassis.agent.service;

import java.util.Optional;

/** One part of the agent that must work for the watchdog to be kept alive. */
@FunctionalInterface
public interface HealthCheck {

  /**
   * Empty when healthy, else what is wrong in words. Returns within a bounded time (it must not
   * hang itself).
   */
  Optional<String> problem();
}
