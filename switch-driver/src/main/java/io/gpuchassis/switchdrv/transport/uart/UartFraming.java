package io.gpuchassis.switchdrv.transport.uart;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Crc8;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Switchtec console's GAS commands and answers (reference §1.4), both sides.
 *
 * <pre>
 * gasrd -c -s 0x3 5\r          → gas_reg_read &lt;0x3&gt; [5 Byte]\r\n00 58 00 00 00\r\nCRC: 0x37\r\n0x00000000:1204&gt;
 * gaswr -c -s 0x5 0xaabbccddeeff 0x84\r → gas_reg_write() success\r\nCRC: [0x84/0x84]\r\n0x00000000:1212&gt;
 * </pre>
 *
 * The CRC is CRC-8/SMBus over the offset (4 bytes big-endian) and then, for reads, the data in
 * ascending address order, for writes, the data in the order of the hex string (the byte at the
 * highest address first). Every answer ends with a prompt: {@code 0x}, the 8-hex-digit address,
 * {@code :}, a 4-digit counter and {@code >} (e.g. {@code 0x00000000:0042>}).
 */
public final class UartFraming {

  public static final int MAX_READ = 1024;
  public static final int MAX_WRITE = 100;
  public static final String OUT_OF_RANGE_READ = "No access beyond the Total GAS Section";
  public static final String WRITE_ERROR = "Error with gas_reg_write()";

  /** Firmware code printed for an out-of-range write. */
  public static final long ERR_OUT_OF_RANGE = 0x63006;

  private static final Pattern PROMPT = Pattern.compile("0x[0-9a-fA-F]{8}:[0-9a-fA-F]{4}>\\s*$");
  private static final Pattern READ_HEADER =
      Pattern.compile("gas_reg_read <0x([0-9a-fA-F]{1,8})> \\[(\\d+) Byte\\]");
  private static final Pattern READ_CRC = Pattern.compile("CRC: 0x([0-9a-fA-F]{1,2})");
  private static final Pattern WRITE_CRC =
      Pattern.compile("CRC: ?\\[0x([0-9a-fA-F]{1,2})/0x([0-9a-fA-F]{1,2})\\]");

  private UartFraming() {}

  public static int readCrc(int offset, byte[] data) {
    return Crc8.update(Crc8.updateBigEndian32(0, offset), data, 0, data.length);
  }

  public static int writeCrc(int offset, byte[] data) {
    int c = Crc8.updateBigEndian32(0, offset);
    for (int i = data.length - 1; i >= 0; i--) {
      c = Crc8.update(c, data[i] & 0xFF);
    }
    return c;
  }

  public static String readCommand(int offset, int count) {
    return String.format("gasrd -c -s 0x%x %d\r", offset, count);
  }

  public static String writeCommand(int offset, byte[] data) {
    StringBuilder sb = new StringBuilder(String.format("gaswr -c -s 0x%x 0x", offset));
    for (int i = data.length - 1; i >= 0; i--) {
      sb.append(String.format("%02x", data[i] & 0xFF));
    }
    return sb.append(String.format(" 0x%x\r", writeCrc(offset, data))).toString();
  }

  public static boolean endsWithPrompt(CharSequence text) {
    int from = Math.max(0, text.length() - 24);
    return PROMPT.matcher(text.subSequence(from, text.length())).find();
  }

  /**
   * Parses a gasrd answer. Out-of-range reads give 0xFF bytes, as the library does. Throws
   * PROTOCOL.
   */
  public static byte[] parseReadReply(String text, int offset, int count) {
    byte[] out = new byte[count];
    if (text.contains(OUT_OF_RANGE_READ)) {
      java.util.Arrays.fill(out, (byte) 0xFF);
      return out;
    }
    Matcher h = READ_HEADER.matcher(text);
    if (!h.find()) {
      throw protocol("no gas_reg_read header");
    }
    long addr = Long.parseLong(h.group(1), 16);
    int n = parseCount(h.group(2));
    if (addr != Integer.toUnsignedLong(offset) || n != count) {
      throw protocol(
          "answer for 0x"
              + Long.toHexString(addr)
              + " ["
              + n
              + "], asked 0x"
              + Integer.toHexString(offset)
              + " ["
              + count
              + "]");
    }
    int pos = h.end();
    int pff = text.indexOf("not hit", pos);
    int crcAt = text.indexOf("CRC:", pos);
    if (pff >= 0 && (crcAt < 0 || pff < crcAt)) {
      pos = pff + "not hit".length();
    }
    Matcher c = READ_CRC.matcher(text);
    if (!c.find(pos)) {
      throw protocol("no CRC in gas_reg_read answer");
    }
    String[] tokens = text.substring(pos, c.start()).trim().split("\\s+");
    if (tokens.length != count || (count == 0 && !tokens[0].isEmpty())) {
      throw protocol(tokens.length + " data bytes, expected " + count);
    }
    for (int i = 0; i < count; i++) {
      if (tokens[i].isEmpty() || tokens[i].length() > 2) {
        throw protocol("bad data byte '" + tokens[i] + "'");
      }
      out[i] = (byte) parseHex(tokens[i]);
    }
    int crc = parseHex(c.group(1));
    if (crc != readCrc(offset, out)) {
      throw protocol(
          String.format(
              "read CRC mismatch: got 0x%02x, computed 0x%02x", crc, readCrc(offset, out)));
    }
    return out;
  }

  /**
   * Checks a gaswr answer. Throws PROTOCOL on a CRC error or garble, DEVICE_ERROR when out of
   * range.
   */
  public static void parseWriteReply(String text, int offset, byte[] data) {
    if (text.contains(WRITE_ERROR)) {
      throw SwitchException.deviceError(
          ERR_OUT_OF_RANGE, "GAS write at 0x" + Integer.toHexString(offset) + " out of range");
    }
    Matcher c = WRITE_CRC.matcher(text);
    if (!c.find() || !text.contains("gas_reg_write() success")) {
      throw protocol("write not confirmed");
    }
    int cal = parseHex(c.group(1));
    int exp = parseHex(c.group(2));
    int mine = writeCrc(offset, data);
    if (cal != exp || cal != mine) {
      throw protocol(String.format("write CRC [0x%02x/0x%02x], sent 0x%02x", cal, exp, mine));
    }
  }

  private static int parseHex(String s) {
    try {
      return Integer.parseInt(s, 16);
    } catch (NumberFormatException e) {
      throw protocol("bad hex '" + s + "'");
    }
  }

  private static int parseCount(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw protocol("bad count '" + s + "'");
    }
  }

  private static SwitchException protocol(String m) {
    return new SwitchException(SwitchException.Kind.PROTOCOL, "UART: " + m);
  }

  // ---- console side ----

  public static String prompt(int counter) {
    return String.format("0x00000000:%04x>", counter & 0xFFFF);
  }

  /** The console's answer to a successful read (data 16 bytes per line), prompt excluded. */
  public static String readReply(int offset, byte[] data) {
    StringBuilder sb =
        new StringBuilder(String.format("gas_reg_read <0x%x> [%d Byte]\r\n", offset, data.length));
    for (int i = 0; i < data.length; i++) {
      sb.append(String.format("%02x", data[i] & 0xFF))
          .append(i % 16 == 15 || i == data.length - 1 ? "\r\n" : " ");
    }
    return sb.append(String.format("CRC: 0x%02x\r\n", readCrc(offset, data))).toString();
  }

  public static String readOutOfRangeReply(int offset, int count) {
    return String.format(
        "gas_reg_read <0x%x> [%d Byte]\r\n%s\r\n", offset, count, OUT_OF_RANGE_READ);
  }

  public static String writeReply(int calculated, int expected) {
    String head = calculated == expected ? "gas_reg_write() success" : "gas_reg_write() CRC Error";
    return String.format("%s\r\nCRC: [0x%02x/0x%02x]\r\n", head, calculated, expected);
  }

  public static String writeOutOfRangeReply(int offset, int calculated, int expected) {
    return String.format(
        "%s: 0x%x, Offset:0x%x\r\nCRC:[0x%02x/0x%02x]\r\n",
        WRITE_ERROR, ERR_OUT_OF_RANGE, offset, calculated, expected);
  }
}
