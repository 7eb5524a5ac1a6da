package io.gpuchassis.sensor.poll;

/**
 * Unit of a sensor's value. {@link #STATE} values are discrete (a flag as 0/1, or a raw status
 * word).
 */
public enum SensorUnit {
  CELSIUS,
  VOLTS,
  AMPS,
  WATTS,
  RPM,
  PERCENT,
  STATE
}
