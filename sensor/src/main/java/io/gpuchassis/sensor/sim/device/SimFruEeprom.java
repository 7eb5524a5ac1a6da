package io.gpuchassis.sensor.sim.device;

/**
 * A 24C02 EEPROM (256 bytes) holding a FRU image. A write sets the word address; reads return bytes
 * from it onwards and roll over from 0xFF to 0x00, as on the chip. The write-protect pin is tied
 * high, as on a chassis FRU: data bytes after the word address are acknowledged and not stored.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimFruEeprom extends ByteRegisterDevice {

  public static final int SIZE = 256;

  /** Holds {@code image} from address 0; bytes past it are erased (0xFF). */
  public SimFruEeprom(String name, byte[] image) {
    super(name);
    if (image.length > SIZE) {
      throw new IllegalArgumentException("a 24C02 holds " + SIZE + " bytes, not " + image.length);
    }
    for (int address = 0; address < SIZE; address++) {
      setByte(address, address < image.length ? image[address] : 0xFF);
    }
  }

  /** A never-programmed EEPROM: every byte 0xFF. */
  public static SimFruEeprom blank(String name) {
    return new SimFruEeprom(name, new byte[0]);
  }

  /**
   * A builder for a valid FRU image, e.g. {@code new SimFruEeprom("ChassisFRU",
   * SimFruEeprom.image().productSerialNumber("GX2008SIM0001").build())}.
   */
  public static FruImageBuilder image() {
    return new FruImageBuilder();
  }

  /** The stored bytes. */
  public synchronized byte[] contents() {
    byte[] out = new byte[SIZE];
    for (int address = 0; address < SIZE; address++) {
      out[address] = (byte) byteAt(address);
    }
    return out;
  }

  @Override
  protected boolean writable(int address) {
    return false;
  }
}
