package io.gpuchassis.sensor.device.gpu;

import java.nio.charset.StandardCharsets;

/**
 * The byte layout of GET_SYS_ID_DATA fields ({@link SysIdDataType}): a field is a fixed-size byte
 * array sent as little-endian dwords; strings are ASCII, NUL-terminated or NUL/space padded;
 * numbers are unsigned little-endian. Encoding is here too, for the simulated GPU, so that both
 * sides share one definition of the wire.
 *
 * <p>Pure functions; thread-safe. Malformed input is an {@link IllegalArgumentException}.
 */
public final class SysIdData {

  private SysIdData() {}

  /**
   * Dword {@code index} of {@code field} as the data register carries it; bytes past the field read
   * 0.
   */
  public static int dword(byte[] field, int index) {
    int value = 0;
    for (int i = 3; i >= 0; i--) {
      int at = index * 4 + i;
      value = (value << 8) | (at < field.length ? Byte.toUnsignedInt(field[at]) : 0);
    }
    return value;
  }

  /** Puts data dword {@code index} into {@code field}, dropping bytes past its end. */
  public static void putDword(byte[] field, int index, int dword) {
    for (int i = 0; i < 4; i++) {
      int at = index * 4 + i;
      if (at < field.length) {
        field[at] = (byte) (dword >> (8 * i));
      }
    }
  }

  /**
   * The text of a string field: up to the first NUL, without leading and trailing spaces; empty
   * when the GPU has nothing programmed. Characters outside printable ASCII are malformed.
   */
  public static String decodeString(byte[] field) {
    int end = 0;
    while (end < field.length && field[end] != 0) {
      int c = Byte.toUnsignedInt(field[end]);
      if (c < 0x20 || c > 0x7E) {
        throw new IllegalArgumentException(
            String.format("byte 0x%02X at %d is not printable ASCII", c, end));
      }
      end++;
    }
    return new String(field, 0, end, StandardCharsets.US_ASCII).strip();
  }

  /** An unsigned little-endian number filling the whole field. */
  public static long decodeUnsigned(byte[] field) {
    long value = 0;
    for (int i = field.length - 1; i >= 0; i--) {
      value = (value << 8) | Byte.toUnsignedInt(field[i]);
    }
    return value;
  }

  /** {@code text} as a {@code size}-byte field, NUL-padded. */
  public static byte[] encodeString(String text, int size) {
    if (!text.chars().allMatch(c -> c >= 0x20 && c <= 0x7E)) {
      throw new IllegalArgumentException("\"" + text + "\" is not printable ASCII");
    }
    byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
    if (ascii.length > size) {
      throw new IllegalArgumentException("\"" + text + "\" does not fit in " + size + " bytes");
    }
    byte[] field = new byte[size];
    System.arraycopy(ascii, 0, field, 0, ascii.length);
    return field;
  }

  /** {@code value} as a {@code size}-byte unsigned little-endian field. */
  public static byte[] encodeUnsigned(long value, int size) {
    if (value < 0 || (size < 8 && value >>> (8 * size) != 0)) {
      throw new IllegalArgumentException(value + " does not fit in " + size + " unsigned bytes");
    }
    byte[] field = new byte[size];
    for (int i = 0; i < size; i++) {
      field[i] = (byte) (value >>> (8 * i));
    }
    return field;
  }
}
