package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.threshold.Health;
import io.gpuchassis.sensor.threshold.ThresholdEvent;

/**
 * Where the health monitor reports what it saw and did: events and log entries for operators and
 * orchestrators.
 */
public interface HealthEvents {

  /** A sensor's severity changed (SensorEvent registry: ReadingAboveUpperCautionThreshold, ...). */
  void thresholdCrossed(ThresholdEvent event);

  /**
   * The over-temperature policy announces (Event, LogEntry) or did something to a slot
   * (PowerOffSlot, Latch, ...).
   */
  void policyAction(PolicyAction action);

  /** A sensor stopped being readable ({@code failed}), or reads again after that. */
  void sensorFailed(String sensorId, boolean failed);

  /**
   * A sensor answers but its value is frozen ({@code invalid}: the reading is not trusted), or it
   * changes again after that.
   */
  void sensorReadingInvalid(String sensorId, boolean invalid);

  /**
   * A power supply's health from its STATUS_WORD changed (OK, WARNING for a warning flag, CRITICAL
   * without power).
   */
  void supplyHealthChanged(String psuId, Health health);

  /** An operator cleared a slot's over-temperature latch and the slot was powered on again. */
  void slotPoweredOn(int slot);

  /** The over-temperature policy's power-off of a slot has been carried out. */
  void slotPoweredOff(int slot);

  /** An operator switched a slot's power on or off (console or Redfish), and it was carried out. */
  void slotPowerSwitched(int slot, boolean on, String operator);
}
