package io.gpuchassis.switchdrv.wire;

/**
 * CRC-32/BZIP2: polynomial 0x04C11DB7 MSB-first, init and final xor 0xFFFFFFFF; check value of
 * "123456789" is 0xFC891918 (reference §1.7). The firmware's own image CRC is not public; the
 * simulator uses this one as its documented convention for image_crc and header_crc.
 */
public final class Crc32 {

  private static final int[] TABLE = new int[256];

  static {
    for (int i = 0; i < 256; i++) {
      int c = i << 24;
      for (int b = 0; b < 8; b++) {
        c = (c & 0x80000000) != 0 ? (c << 1) ^ 0x04C11DB7 : c << 1;
      }
      TABLE[i] = c;
    }
  }

  private Crc32() {}

  /** CRC of {@code data[off, off+len)}, as an unsigned value in a long. */
  public static long of(byte[] data, int off, int len) {
    int c = 0xFFFFFFFF;
    for (int i = off; i < off + len; i++) {
      c = (c << 8) ^ TABLE[((c >>> 24) ^ data[i]) & 0xFF];
    }
    return Integer.toUnsignedLong(~c);
  }

  public static long of(byte[] data) {
    return of(data, 0, data.length);
  }
}
