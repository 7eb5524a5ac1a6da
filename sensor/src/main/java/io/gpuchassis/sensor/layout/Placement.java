package io.gpuchassis.sensor.layout;

/**
 * Where in the air path a chassis temperature sensor sits (Redfish PhysicalContext Intake / Exhaust
 * / Backplane).
 */
public enum Placement {
  INLET,
  EXHAUST,
  BOARD
}
