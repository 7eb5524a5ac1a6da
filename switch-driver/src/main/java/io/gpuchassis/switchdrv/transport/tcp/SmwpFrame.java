package io.gpuchassis.switchdrv.transport.tcp;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Crc8;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * One SMWP frame (reference §9.2): magic "SM", version 1, kind u8, seq u16 BE, body length u16 BE
 * (at most 4096), body, then CRC-8/SMBus over every preceding byte.
 *
 * @param kind message kind ({@link #HELLO}, {@link #GAS_READ}, ...; replies have bit 7 set)
 * @param seq sequence number echoed in the reply
 * @param body message body
 */
public record SmwpFrame(int kind, int seq, byte[] body) {

  public static final int MAGIC_0 = 0x53;
  public static final int MAGIC_1 = 0x4D;
  public static final int VERSION = 1;
  public static final int HEADER = 8;
  public static final int MAX_BODY = 4096;

  public static final int HELLO = 0x01;
  public static final int GAS_READ = 0x03;
  public static final int GAS_WRITE = 0x04;
  public static final int MRPC = 0x05;
  public static final int REPLY = 0x80;
  public static final int ERROR = 0x7E;

  /** gas_status values of GAS replies. */
  public static final int GAS_OK = 0x00;

  public static final int GAS_OUT_OF_RANGE = 0x01;

  /** smwp_error values of ERROR frames. */
  public static final int ERR_BAD_MAGIC = 0x01;

  public static final int ERR_BAD_CRC = 0x02;
  public static final int ERR_UNKNOWN_KIND = 0x03;
  public static final int ERR_BAD_LENGTH = 0x04;
  public static final int ERR_UNKNOWN_CHIP = 0x06;

  public SmwpFrame {
    if (body.length > MAX_BODY) {
      throw new IllegalArgumentException("SMWP body longer than 4096");
    }
  }

  public byte[] encode() {
    byte[] out = new byte[HEADER + body.length + 1];
    out[0] = MAGIC_0;
    out[1] = MAGIC_1;
    out[2] = VERSION;
    out[3] = (byte) kind;
    out[4] = (byte) (seq >>> 8);
    out[5] = (byte) seq;
    out[6] = (byte) (body.length >>> 8);
    out[7] = (byte) body.length;
    System.arraycopy(body, 0, out, HEADER, body.length);
    out[out.length - 1] = (byte) Crc8.update(0, out, 0, out.length - 1);
    return out;
  }

  /** Decodes one complete frame held in {@code bytes}. Throws PROTOCOL on any defect. */
  public static SmwpFrame decode(byte[] bytes) {
    if (bytes.length < HEADER + 1) {
      throw protocol("frame shorter than its header");
    }
    int len = header(bytes);
    if (bytes.length != HEADER + len + 1) {
      throw protocol("frame length " + bytes.length + " does not match body length " + len);
    }
    return check(bytes, len);
  }

  /** Reads one frame from a stream. Throws PROTOCOL on a bad frame, IO on end of stream. */
  public static SmwpFrame read(InputStream in) throws IOException {
    byte[] head = readFully(in, HEADER);
    int len = header(head);
    byte[] rest = readFully(in, len + 1);
    byte[] all = Arrays.copyOf(head, HEADER + len + 1);
    System.arraycopy(rest, 0, all, HEADER, rest.length);
    return check(all, len);
  }

  private static int header(byte[] b) {
    if ((b[0] & 0xFF) != MAGIC_0 || (b[1] & 0xFF) != MAGIC_1 || (b[2] & 0xFF) != VERSION) {
      throw protocol("bad magic or version");
    }
    int len = (b[6] & 0xFF) << 8 | (b[7] & 0xFF);
    if (len > MAX_BODY) {
      throw protocol("body length " + len + " above 4096");
    }
    return len;
  }

  private static SmwpFrame check(byte[] all, int len) {
    int crc = Crc8.update(0, all, 0, all.length - 1);
    if (crc != (all[all.length - 1] & 0xFF)) {
      throw protocol("frame CRC mismatch");
    }
    int seq = (all[4] & 0xFF) << 8 | (all[5] & 0xFF);
    return new SmwpFrame(all[3] & 0xFF, seq, Arrays.copyOfRange(all, HEADER, HEADER + len));
  }

  private static byte[] readFully(InputStream in, int n) throws IOException {
    byte[] b = new byte[n];
    int off = 0;
    while (off < n) {
      int r = in.read(b, off, n - off);
      if (r < 0) {
        throw new EOFException("connection closed");
      }
      off += r;
    }
    return b;
  }

  private static SwitchException protocol(String m) {
    return new SwitchException(SwitchException.Kind.PROTOCOL, "SMWP: " + m);
  }
}
