package io.gpuchassis.sensor.device.fru;

import io.gpuchassis.sensor.device.fru.FruFormatException.Problem;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Decodes the data of one FRU field by the type in bits 7:6 of its type/length byte: 00 binary, 01
 * BCD plus, 10 6-bit ASCII packed, 11 8-bit ASCII + Latin-1 (2-byte Unicode, least significant byte
 * first, when the area's language is not English). Surrounding spaces and trailing NUL padding are
 * dropped; an empty result is an empty field.
 *
 * <p>Pure functions; thread-safe.
 */
final class FruText {

  static final int TYPE_BINARY = 0;
  static final int TYPE_BCD_PLUS = 1;
  static final int TYPE_SIX_BIT_ASCII = 2;
  static final int TYPE_TEXT = 3;

  private static final char[] BCD_PLUS = "0123456789 -.".toCharArray();

  private FruText() {}

  /**
   * The text of a field of {@code type} holding {@code data}, in an area whose language is or is
   * not English.
   */
  static Optional<String> decode(int type, byte[] data, boolean english) throws FruFormatException {
    String text =
        switch (type) {
          case TYPE_BINARY ->
              HexFormat.of().withUpperCase().formatHex(data); // no text to show: show the bytes
          case TYPE_BCD_PLUS -> bcdPlus(data);
          case TYPE_SIX_BIT_ASCII -> sixBitAscii(data);
          case TYPE_TEXT -> english ? latin1(data) : unicode(data);
          default -> throw new IllegalArgumentException("type is two bits: " + type);
        };
    String trimmed = stripTrailingNul(text).strip();
    return trimmed.isEmpty() ? Optional.empty() : Optional.of(trimmed);
  }

  /** Two digits per byte, high nibble first; 0xA space, 0xB '-', 0xC '.', 0xD-0xF reserved. */
  static String bcdPlus(byte[] data) throws FruFormatException {
    StringBuilder out = new StringBuilder(data.length * 2);
    for (byte b : data) {
      out.append(bcdDigit((b >> 4) & 0x0F)).append(bcdDigit(b & 0x0F));
    }
    return out.toString();
  }

  /**
   * Four characters per three bytes, taken six bits at a time from the least significant bit; 0 is
   * a space.
   */
  static String sixBitAscii(byte[] data) {
    int chars = data.length * 8 / 6;
    StringBuilder out = new StringBuilder(chars);
    for (int i = 0; i < chars; i++) {
      int bit = i * 6;
      int pair = Byte.toUnsignedInt(data[bit / 8]);
      if (bit / 8 + 1 < data.length) {
        pair |= Byte.toUnsignedInt(data[bit / 8 + 1]) << 8;
      }
      out.append((char) (0x20 + ((pair >> (bit % 8)) & 0x3F)));
    }
    return out.toString();
  }

  static String latin1(byte[] data) throws FruFormatException {
    return requirePrintable(new String(data, StandardCharsets.ISO_8859_1));
  }

  static String unicode(byte[] data) throws FruFormatException {
    if (data.length % 2 != 0) {
      throw new FruFormatException(
          Problem.MALFORMED, "a 2-byte Unicode field of odd length " + data.length);
    }
    return requirePrintable(new String(data, StandardCharsets.UTF_16LE));
  }

  private static char bcdDigit(int nibble) throws FruFormatException {
    if (nibble >= BCD_PLUS.length) {
      throw new FruFormatException(
          Problem.MALFORMED, String.format("reserved BCD plus digit 0x%X", nibble));
    }
    return BCD_PLUS[nibble];
  }

  private static String stripTrailingNul(String text) {
    int end = text.length();
    while (end > 0 && text.charAt(end - 1) == '\0') {
      end--;
    }
    return text.substring(0, end);
  }

  // control characters (below 0x20, 0x7F-0x9F) mean the field is not text; only trailing NUL
  // padding is allowed
  private static String requirePrintable(String text) throws FruFormatException {
    String body = stripTrailingNul(text);
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (Character.isISOControl(c)) {
        throw new FruFormatException(
            Problem.MALFORMED, String.format("control character U+%04X in a text field", (int) c));
      }
    }
    return body;
  }
}
