package io.gpuchassis.sensor.policy;

/** Where a slot stands in the over-temperature escalation. */
public enum SlotThermalState {
  NORMAL,
  /** Above caution: fans raised. */
  WARNING,
  /** Above critical, GPU bound to a host: fans full, drain requested, power-off at the deadline. */
  DRAINING,
  /**
   * Above critical but the power-off already happened or is not needed yet (unbound GPUs trip at
   * once).
   */
  CRITICAL,
  /** Powered off by the policy and latched until an operator clears it. */
  TRIPPED
}
