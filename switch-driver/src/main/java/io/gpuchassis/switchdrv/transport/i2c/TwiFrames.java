package io.gpuchassis.switchdrv.transport.i2c;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Crc8;

/**
 * Switchtec TWI GAS-access frames (reference §1.3), both sides. Offsets are big-endian on the wire;
 * data bytes are GAS bytes in ascending address order. The PEC is CRC-8/SMBus over the
 * write-address byte {@code addr<<1}, every written byte, and for reads the read-address byte
 * {@code addr<<1|1} and every read byte except the PEC.
 *
 * <ul>
 *   <li>GET_CAP: write {@code E0}; read {@code cap, PEC}; bit 7 = TWI enhanced mode.
 *   <li>GAS_WRITE: write {@code EA, cnt=5+n, tag, off[3..0], data[n], PEC}.
 *   <li>GET_WRITE_STATUS: write {@code E2}; read {@code tag, status, PEC}.
 *   <li>GAS_READ: write {@code E9, 5, off[3..0], n}; read {@code cnt, data[n], status, PEC}.
 * </ul>
 */
public final class TwiFrames {

  public static final int CMD_GET_CAP = 0xE0;
  public static final int CMD_GET_WRITE_STATUS = 0xE2;
  public static final int CMD_GAS_READ = 0xE9;
  public static final int CMD_GAS_WRITE = 0xEA;
  public static final int CAP_ENHANCED_MODE = 0x80;
  public static final int STATUS_OK = 0x00;
  public static final int STATUS_MRPC_ERROR = 0x20;

  /** Bytes per GAS write and per GAS read transaction (dword-aligned; hardware allows 26/27). */
  public static final int MAX_CHUNK = 24;

  private TwiFrames() {}

  static int pec(int address, byte[] written, byte[] read, int readLen) {
    int c = Crc8.update(0, (address << 1) & 0xFF);
    c = Crc8.update(c, written, 0, written.length);
    if (read != null) {
      c = Crc8.update(c, ((address << 1) | 1) & 0xFF);
      c = Crc8.update(c, read, 0, readLen);
    }
    return c;
  }

  public static byte[] getCapRequest() {
    return new byte[] {(byte) CMD_GET_CAP};
  }

  public static byte[] getWriteStatusRequest() {
    return new byte[] {(byte) CMD_GET_WRITE_STATUS};
  }

  /** The GAS_WRITE frame, PEC included. */
  public static byte[] gasWrite(int address, int tag, int offset, byte[] data) {
    if (data.length > MAX_CHUNK + 2) {
      throw new IllegalArgumentException("TWI write of " + data.length + " bytes");
    }
    byte[] f = new byte[7 + data.length + 1];
    f[0] = (byte) CMD_GAS_WRITE;
    f[1] = (byte) (5 + data.length);
    f[2] = (byte) tag;
    putBigEndian(f, 3, offset);
    System.arraycopy(data, 0, f, 7, data.length);
    byte[] body = java.util.Arrays.copyOf(f, f.length - 1);
    f[f.length - 1] = (byte) pec(address, body, null, 0);
    return f;
  }

  /** The write half of a GAS_READ transaction. */
  public static byte[] gasReadRequest(int offset, int length) {
    byte[] f = new byte[7];
    f[0] = (byte) CMD_GAS_READ;
    f[1] = 5;
    putBigEndian(f, 2, offset);
    f[6] = (byte) length;
    return f;
  }

  /** Bytes the master reads in a GAS_READ of {@code length} data bytes. */
  public static int gasReadResponseLength(int length) {
    return length + 3;
  }

  /** Data and TWI status of a GAS_READ answer. */
  public record ReadAnswer(byte[] data, int status) {}

  /**
   * Checks the PEC of a GAS_READ answer and splits it. Throws PROTOCOL on a PEC mismatch or a short
   * answer.
   */
  public static ReadAnswer decodeGasRead(int address, byte[] request, byte[] response, int length) {
    if (response.length != gasReadResponseLength(length)) {
      throw protocol(
          "GAS_READ answer of "
              + response.length
              + " bytes, expected "
              + gasReadResponseLength(length));
    }
    checkPec(address, request, response);
    byte[] data = java.util.Arrays.copyOfRange(response, 1, 1 + length);
    return new ReadAnswer(data, response[1 + length] & 0xFF);
  }

  /** Tag and status of a GET_WRITE_STATUS answer. */
  public record WriteStatus(int tag, int status) {}

  public static WriteStatus decodeWriteStatus(int address, byte[] response) {
    if (response.length != 3) {
      throw protocol("GET_WRITE_STATUS answer of " + response.length + " bytes");
    }
    checkPec(address, getWriteStatusRequest(), response);
    return new WriteStatus(response[0] & 0xFF, response[1] & 0xFF);
  }

  public static int decodeCap(int address, byte[] response) {
    if (response.length != 2) {
      throw protocol("GET_CAP answer of " + response.length + " bytes");
    }
    checkPec(address, getCapRequest(), response);
    return response[0] & 0xFF;
  }

  private static void checkPec(int address, byte[] request, byte[] response) {
    int expected = pec(address, request, response, response.length - 1);
    if (expected != (response[response.length - 1] & 0xFF)) {
      throw protocol(
          String.format(
              "PEC mismatch: got 0x%02x, expected 0x%02x",
              response[response.length - 1] & 0xFF, expected));
    }
  }

  // ---- slave side ----

  /** A parsed GAS_WRITE frame. */
  public record ParsedWrite(int tag, int offset, byte[] data, boolean pecOk) {}

  /** Parses a GAS_WRITE frame; null when it is malformed (wrong count or too short). */
  public static ParsedWrite parseGasWrite(int address, byte[] frame) {
    if (frame.length < 8
        || (frame[0] & 0xFF) != CMD_GAS_WRITE
        || (frame[1] & 0xFF) != frame.length - 3) {
      return null;
    }
    int off = getBigEndian(frame, 3);
    byte[] data = java.util.Arrays.copyOfRange(frame, 7, frame.length - 1);
    byte[] body = java.util.Arrays.copyOf(frame, frame.length - 1);
    boolean ok = pec(address, body, null, 0) == (frame[frame.length - 1] & 0xFF);
    return new ParsedWrite(frame[2] & 0xFF, off, data, ok);
  }

  /** The answer to a GAS_READ: {cnt = n + 1, data, status, PEC}. */
  public static byte[] encodeGasRead(int address, byte[] request, byte[] data, int status) {
    byte[] r = new byte[data.length + 3];
    r[0] = (byte) (data.length + 1);
    System.arraycopy(data, 0, r, 1, data.length);
    r[data.length + 1] = (byte) status;
    r[r.length - 1] = (byte) pec(address, request, r, r.length - 1);
    return r;
  }

  public static byte[] encodeWriteStatus(int address, int tag, int status) {
    byte[] r = {(byte) tag, (byte) status, 0};
    r[2] = (byte) pec(address, getWriteStatusRequest(), r, 2);
    return r;
  }

  public static byte[] encodeCap(int address, int cap) {
    byte[] r = {(byte) cap, 0};
    r[1] = (byte) pec(address, getCapRequest(), r, 1);
    return r;
  }

  static void putBigEndian(byte[] b, int off, int v) {
    b[off] = (byte) (v >>> 24);
    b[off + 1] = (byte) (v >>> 16);
    b[off + 2] = (byte) (v >>> 8);
    b[off + 3] = (byte) v;
  }

  public static int getBigEndian(byte[] b, int off) {
    return (b[off] & 0xFF) << 24
        | (b[off + 1] & 0xFF) << 16
        | (b[off + 2] & 0xFF) << 8
        | (b[off + 3] & 0xFF);
  }

  private static SwitchException protocol(String m) {
    return new SwitchException(SwitchException.Kind.PROTOCOL, "TWI: " + m);
  }
}
