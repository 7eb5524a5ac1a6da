package io.gpuchassis.sensor.i2c;

/**
 * A device did not give a usable answer. Drivers throw it (or a subclass) instead of returning a
 * made-up value, so a failed read can never be mistaken for a reading of zero.
 */
public class DeviceException extends Exception {

  public DeviceException(String message) {
    super(message);
  }

  public DeviceException(String message, Throwable cause) {
    super(message, cause);
  }
}
