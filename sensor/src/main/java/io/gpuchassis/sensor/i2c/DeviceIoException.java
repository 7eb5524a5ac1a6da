package io.gpuchassis.sensor.i2c;

/**
 * The bus transfer itself failed: the address was not acknowledged, the bus timed out or was locked
 * too long.
 */
public class DeviceIoException extends DeviceException {

  public DeviceIoException(String message) {
    super(message);
  }

  public DeviceIoException(String message, Throwable cause) {
    super(message, cause);
  }
}
