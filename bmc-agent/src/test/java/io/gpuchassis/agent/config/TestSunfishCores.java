package io.gpuchassis.agent.config;

import java.net.URI;
import java.util.Optional;

/**
 * {@code sunfish} sections for tests that need what a configured core adds to the agent (the
 * AggregationService, the core's event destination) but no core.
 */
public final class TestSunfishCores {

  private TestSunfishCores() {}

  /**
   * A core on loopback, which the default outbound policy refuses before any connection is made:
   * the agent serves what a core reads and registers nowhere, its deliveries to the core retried
   * with back-off until it stops.
   */
  public static SunfishSettings unreachable() {
    return new SunfishSettings(
        Optional.of(URI.create("https://127.0.0.1:9/EventListener")),
        Optional.empty(),
        Optional.empty());
  }
}
