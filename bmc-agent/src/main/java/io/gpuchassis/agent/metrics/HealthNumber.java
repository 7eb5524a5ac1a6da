package io.gpuchassis.agent.metrics;

import io.gpuchassis.redfish.model.Health;

/** Redfish Health as a number an alert rule can compare: OK 0, Warning 1, Critical 2. */
final class HealthNumber {

  private HealthNumber() {}

  /** The number of {@code health}; NaN (no sample) when there is none to tell. */
  static double of(Health health) {
    if (health == null) {
      return Double.NaN;
    }
    return switch (health) {
      case OK -> 0;
      case WARNING -> 1;
      case CRITICAL -> 2;
    };
  }
}
