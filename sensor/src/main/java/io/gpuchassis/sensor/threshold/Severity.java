package io.gpuchassis.sensor.threshold;

/**
 * How far outside its normal range a sensor is. CAUTION, CRITICAL and FATAL are Redfish's
 * UpperCaution/UpperCritical/ UpperFatal (IPMI non-critical, critical, non-recoverable). Ordered
 * from best to worst.
 */
public enum Severity {
  OK,
  CAUTION,
  CRITICAL,
  FATAL;

  public boolean worseThan(Severity other) {
    return compareTo(other) > 0;
  }
}
