package io.gpuchassis.sensor.threshold;

/** Redfish {@code Status.Health}, ordered from best to worst. */
public enum Health {
  OK,
  WARNING,
  CRITICAL;

  public Health worst(Health other) {
    return compareTo(other) >= 0 ? this : other;
  }
}
