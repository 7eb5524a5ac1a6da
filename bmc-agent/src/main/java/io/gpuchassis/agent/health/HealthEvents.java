package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.policy.PolicyAction;
import io.gpuchassis.sensor.threshold.ThresholdEvent;

/** Where the health monitor reports what it saw and did: events and log entries for operators and orchestrators. */
public interface HealthEvents {

  /** A sensor's severity changed (SensorEvent registry: ReadingAboveUpperCautionThreshold, ...). */
  void thresholdCrossed(ThresholdEvent event);

  /** The over-temperature policy announces (Event, LogEntry) or did something to a slot (PowerOffSlot, Latch, ...). */
  void policyAction(PolicyAction action);
}
