package io.gpuchassis.sensor.layout;

/**
 * An I2C device location.
 *
 * @param bus Linux bus number ({@code /dev/i2c-N})
 * @param address 7-bit address
 */
public record I2cLocation(int bus, int address) {

  public I2cLocation {
    if (bus < 0) {
      throw new IllegalArgumentException("bus must be >= 0: " + bus);
    }
    if (address < 0x03 || address > 0x77) {
      throw new IllegalArgumentException(
          String.format("address must be 0x03-0x77: 0x%02X", address));
    }
  }

  @Override
  public String toString() {
    return String.format("%d-0x%02X", bus, address);
  }
}
