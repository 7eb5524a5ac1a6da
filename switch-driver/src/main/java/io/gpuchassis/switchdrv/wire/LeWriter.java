package io.gpuchassis.switchdrv.wire;

import java.io.ByteArrayOutputStream;

/** Little-endian builder for MRPC payloads and simulator answers. Not thread-safe. */
public final class LeWriter {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  public LeWriter u8(int v) {
    out.write(v & 0xFF);
    return this;
  }

  public LeWriter u16(int v) {
    out.write(v & 0xFF);
    out.write((v >>> 8) & 0xFF);
    return this;
  }

  public LeWriter u32(long v) {
    for (int i = 0; i < 4; i++) {
      out.write((int) (v >>> (8 * i)) & 0xFF);
    }
    return this;
  }

  public LeWriter u64(long v) {
    for (int i = 0; i < 8; i++) {
      out.write((int) (v >>> (8 * i)) & 0xFF);
    }
    return this;
  }

  public LeWriter bytes(byte[] b) {
    out.write(b, 0, b.length);
    return this;
  }

  public LeWriter zeros(int n) {
    for (int i = 0; i < n; i++) {
      out.write(0);
    }
    return this;
  }

  public int size() {
    return out.size();
  }

  public byte[] toBytes() {
    return out.toByteArray();
  }

  /** Writes a little-endian u32 into an existing array. */
  public static void putU32(byte[] dst, int off, long v) {
    for (int i = 0; i < 4; i++) {
      dst[off + i] = (byte) (v >>> (8 * i));
    }
  }

  /** Writes a little-endian u16 into an existing array. */
  public static void putU16(byte[] dst, int off, int v) {
    dst[off] = (byte) v;
    dst[off + 1] = (byte) (v >>> 8);
  }

  /** Reads a little-endian u32 from an array (caller guarantees bounds). */
  public static int getI32(byte[] src, int off) {
    return (src[off] & 0xFF)
        | (src[off + 1] & 0xFF) << 8
        | (src[off + 2] & 0xFF) << 16
        | (src[off + 3] & 0xFF) << 24;
  }
}
