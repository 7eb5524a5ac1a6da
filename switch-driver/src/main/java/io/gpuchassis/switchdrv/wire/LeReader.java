package io.gpuchassis.switchdrv.wire;

import io.gpuchassis.switchdrv.SwitchException;

/**
 * Bounded little-endian reader over a byte array. Every read past the end throws {@link
 * SwitchException} of kind PROTOCOL, so decoders fed a truncated answer fail with the declared type
 * and never with an IndexOutOfBoundsException. Not thread-safe.
 */
public final class LeReader {

  private final byte[] data;
  private final String what;
  private int pos;

  public LeReader(byte[] data, String what) {
    this.data = data;
    this.what = what;
  }

  private void need(int n) {
    if (n < 0 || pos + n > data.length) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL,
          what + ": truncated answer (" + data.length + " bytes, needed " + (pos + n) + ")");
    }
  }

  public int u8() {
    need(1);
    return data[pos++] & 0xFF;
  }

  public int u16() {
    need(2);
    int v = (data[pos] & 0xFF) | (data[pos + 1] & 0xFF) << 8;
    pos += 2;
    return v;
  }

  public long u32() {
    need(4);
    long v =
        (data[pos] & 0xFFL)
            | (data[pos + 1] & 0xFFL) << 8
            | (data[pos + 2] & 0xFFL) << 16
            | (data[pos + 3] & 0xFFL) << 24;
    pos += 4;
    return v;
  }

  /** A u32 as a Java int (bit pattern preserved). */
  public int i32() {
    return (int) u32();
  }

  public byte[] bytes(int n) {
    need(n);
    byte[] out = new byte[n];
    System.arraycopy(data, pos, out, 0, n);
    pos += n;
    return out;
  }

  public LeReader skip(int n) {
    need(n);
    pos += n;
    return this;
  }

  public LeReader at(int position) {
    if (position < 0 || position > data.length) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, what + ": offset " + position + " out of range");
    }
    pos = position;
    return this;
  }

  public int remaining() {
    return data.length - pos;
  }

  public int position() {
    return pos;
  }
}
