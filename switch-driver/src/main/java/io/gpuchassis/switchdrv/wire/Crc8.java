package io.gpuchassis.switchdrv.wire;

/**
 * CRC-8/SMBus: polynomial 0x07, init 0, no reflection, no final xor (reference §1.7). Used for the
 * I2C PEC, the UART console CRC and the TCP frame check. Stateless and thread-safe.
 */
public final class Crc8 {

  private static final int[] TABLE = new int[256];

  static {
    for (int i = 0; i < 256; i++) {
      int c = i;
      for (int b = 0; b < 8; b++) {
        c = (c & 0x80) != 0 ? ((c << 1) ^ 0x07) & 0xFF : (c << 1) & 0xFF;
      }
      TABLE[i] = c;
    }
  }

  private Crc8() {}

  /** Continues a CRC with one byte. */
  public static int update(int crc, int b) {
    return TABLE[(crc ^ b) & 0xFF];
  }

  /** Continues a CRC over {@code data[off, off+len)}. */
  public static int update(int crc, byte[] data, int off, int len) {
    int c = crc & 0xFF;
    for (int i = off; i < off + len; i++) {
      c = TABLE[(c ^ data[i]) & 0xFF];
    }
    return c;
  }

  public static int of(byte[] data) {
    return update(0, data, 0, data.length);
  }

  /** Continues a CRC with a 32-bit value sent most-significant byte first. */
  public static int updateBigEndian32(int crc, int value) {
    int c = crc;
    for (int shift = 24; shift >= 0; shift -= 8) {
      c = update(c, (value >>> shift) & 0xFF);
    }
    return c;
  }
}
