package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.Arrays;

/**
 * The byte layout of {@code /dev/switchtecN}'s file protocol (reference §1.2; switchtec-user
 * lib/platform/linux.c {@code submit_cmd}, {@code read_resp}): one write() of the 4-byte
 * little-endian command word followed by 0-1024 payload bytes, one read() of the 4-byte
 * little-endian return value followed by the output. The kernel checks the same bounds.
 */
public final class CharDeviceFraming {

  public static final int WORD = 4;
  public static final int MAX_WRITE = WORD + MailboxRegisters.MAX_DATA;

  private CharDeviceFraming() {}

  /** The bytes of the one write() that submits an MRPC. */
  public static byte[] command(int commandWord, byte[] payload) {
    if (payload.length > MailboxRegisters.MAX_DATA) {
      throw new IllegalArgumentException("MRPC payload limited to 1024 bytes");
    }
    byte[] out = new byte[WORD + payload.length];
    LeWriter.putU32(out, 0, commandWord);
    System.arraycopy(payload, 0, out, WORD, payload.length);
    return out;
  }

  /** The size of the read() that collects an MRPC's answer with {@code outputLength} bytes. */
  public static int responseSize(int outputLength) {
    return WORD + outputLength;
  }

  /**
   * One read()'s answer: the return value and, when it is 0, the output. A short read is what the
   * vendor library turns into EIO; here it is a PROTOCOL failure with the sizes.
   */
  public static Response response(byte[] read, int outputLength) {
    if (read.length != responseSize(outputLength)) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL,
          "switchtec read() returned "
              + read.length
              + " bytes, expected "
              + responseSize(outputLength));
    }
    long ret = Integer.toUnsignedLong(LeWriter.getI32(read, 0));
    byte[] output = ret == 0 ? Arrays.copyOfRange(read, WORD, read.length) : new byte[0];
    return new Response(ret, output);
  }

  /**
   * @param returnValue the firmware's return value (0 = success), unsigned
   * @param output the output bytes; empty when the return value is not 0
   */
  public record Response(long returnValue, byte[] output) {}
}
