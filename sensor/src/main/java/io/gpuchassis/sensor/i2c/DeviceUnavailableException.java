package io.gpuchassis.sensor.i2c;

/**
 * The device was never opened (its bus does not exist, the native I2C library cannot load, an
 * external line could not be resolved), so no transfer was even tried. A {@link DeviceIoException}
 * so that it passes through every driver method unchanged; unlike other I/O failures it does not go
 * away by retrying, and the pollers mark the device's sensors FAILED at the first such read.
 */
public class DeviceUnavailableException extends DeviceIoException {

  private final String reason;

  /**
   * @param what names the device, e.g. {@code "I2C bus 9 address 0x48"}
   * @param reason why it could not be opened, e.g. {@code "bus 9: /sys/bus/i2c/devices/i2c-9 does
   *     not exist"}
   */
  public DeviceUnavailableException(String what, String reason) {
    super(what + " is unavailable: " + reason);
    this.reason = reason;
  }

  public String reason() {
    return reason;
  }
}
