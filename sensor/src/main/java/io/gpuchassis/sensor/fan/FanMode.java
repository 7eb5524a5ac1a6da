package io.gpuchassis.sensor.fan;

/** Why the zone runs at the duty it does. */
public enum FanMode {
  /** Closed loop on the hottest margin. */
  NORMAL,
  /** An input is stale, frozen or failed (or there are none): failsafe duty. */
  FAILSAFE_SENSOR_LOSS,
  /** A fan has failed: failsafe duty on the others. */
  FAILSAFE_FAN_FAILURE
}
