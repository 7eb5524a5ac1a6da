package io.gpuchassis.sensor.device.fru;

import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.SmbusDevice;

/**
 * A 24C02-class I2C EEPROM (256 bytes, one-byte word address, 7-bit addresses 0x50-0x57), read
 * only. A read writes the word address and reads from it in one combined transfer with a repeated
 * start (Pi4J {@code I2C.readRegister}), so no other master can move the address pointer in
 * between. Reads go in chunks of at most 32 bytes, the SMBus block limit, which every adapter
 * handles.
 *
 * <p>Thread-safety: safe; each chunk is one bus transfer. Behind a mux, wrap calls in {@link
 * io.gpuchassis.sensor.device.Pca9548Mux#onChannel}.
 */
public final class Eeprom24c02 {

  public static final int SIZE = 256;
  public static final int MAX_CHUNK = 32;

  private final SmbusDevice device;

  /**
   * @throws IllegalArgumentException when {@code device} is not at a 24C02 address (0x50-0x57)
   */
  public Eeprom24c02(SmbusDevice device) {
    if (device.address() < 0x50 || device.address() > 0x57) {
      throw new IllegalArgumentException(device + " is not at a 24C02 address (0x50-0x57)");
    }
    this.device = device;
  }

  /** {@code length} bytes from word address {@code offset}. */
  public byte[] read(int offset, int length) throws DeviceException {
    if (offset < 0 || length < 0 || offset + length > SIZE) {
      throw new IllegalArgumentException(
          "bytes " + offset + "+" + length + " are outside the 256-byte EEPROM");
    }
    byte[] out = new byte[length];
    for (int done = 0; done < length; done += MAX_CHUNK) {
      byte[] chunk = device.readBytes(offset + done, Math.min(MAX_CHUNK, length - done));
      System.arraycopy(chunk, 0, out, done, chunk.length);
    }
    return out;
  }

  /** The whole EEPROM. */
  public byte[] readAll() throws DeviceException {
    return read(0, SIZE);
  }

  @Override
  public String toString() {
    return "24C02 EEPROM at " + device;
  }
}
