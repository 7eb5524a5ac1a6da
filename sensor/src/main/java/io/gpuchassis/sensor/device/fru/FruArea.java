package io.gpuchassis.sensor.device.fru;

import io.gpuchassis.sensor.device.fru.FruFormatException.Problem;
import java.util.Arrays;
import java.util.Optional;

/**
 * One info area of a FRU image, checked on opening (format version 1, length in 8-byte units inside
 * the image, zero checksum over the whole area), and then read field by field: a type/length byte
 * and its data, until the 0xC1 end-of-fields marker, which must come before the checksum byte.
 *
 * <p>Not thread-safe: a cursor over the image.
 */
final class FruArea {

  private static final int END_OF_FIELDS = 0xC1;
  // language code 0 means English unless specified otherwise; 25 is English
  private static final int LANGUAGE_DEFAULT = 0;
  private static final int LANGUAGE_ENGLISH = 25;

  private final String name;
  private final byte[] image;
  private final int start;
  private final int checksumAt;
  private int cursor;
  private boolean ended;

  private FruArea(String name, byte[] image, int start, int checksumAt, int firstField) {
    this.name = name;
    this.image = image;
    this.start = start;
    this.checksumAt = checksumAt;
    this.cursor = firstField;
  }

  /**
   * The area at {@code offsetUnits} × 8 whose fields start {@code fixedBytes} into it (after
   * version, length and the area-specific fixed bytes).
   */
  static FruArea open(byte[] image, int offsetUnits, String name, int fixedBytes)
      throws FruFormatException {
    int start = offsetUnits * 8;
    if (start + 2 > image.length) {
      throw new FruFormatException(
          Problem.MALFORMED,
          name + " at byte " + start + " lies outside the " + image.length + "-byte image");
    }
    int version = Byte.toUnsignedInt(image[start]) & 0x0F; // bits 7:4 are reserved
    if (version != 1) {
      throw new FruFormatException(
          Problem.UNSUPPORTED, name + " has format version " + version + ", not 1");
    }
    int length = Byte.toUnsignedInt(image[start + 1]) * 8;
    if (length < fixedBytes + 2 || start + length > image.length) {
      throw new FruFormatException(
          Problem.MALFORMED,
          name
              + " of "
              + length
              + " bytes at byte "
              + start
              + " does not fit the "
              + image.length
              + "-byte image");
    }
    if (FruParser.sum(image, start, length) != 0) {
      throw new FruFormatException(
          Problem.BAD_CHECKSUM, name + " at byte " + start + " fails its checksum");
    }
    return new FruArea(name, image, start, start + length - 1, start + fixedBytes);
  }

  /** The byte {@code offset} bytes into the area. */
  int byteAt(int offset) {
    return Byte.toUnsignedInt(image[start + offset]);
  }

  /**
   * Whether 8-bit text fields are Latin-1 (English) rather than 2-byte Unicode; the language code
   * is byte 2.
   */
  boolean english() {
    int language = byteAt(2);
    return language == LANGUAGE_DEFAULT || language == LANGUAGE_ENGLISH;
  }

  /** The next field's text; empty when the field is empty or the area ended before it. */
  Optional<String> nextField() throws FruFormatException {
    Field field = next();
    return field == null ? Optional.empty() : FruText.decode(field.type(), field.data(), english());
  }

  /** Skips the custom fields up to the end-of-fields marker without decoding them. */
  void finish() throws FruFormatException {
    while (next() != null) {
      // custom fields carry nothing this parser reports
    }
  }

  private record Field(int type, byte[] data) {}

  // the next field, or null at the end marker
  private Field next() throws FruFormatException {
    if (ended) {
      return null;
    }
    if (cursor >= checksumAt) {
      throw new FruFormatException(Problem.MALFORMED, name + " has no end-of-fields marker (0xC1)");
    }
    int typeLength = Byte.toUnsignedInt(image[cursor]);
    if (typeLength == END_OF_FIELDS) {
      ended = true;
      return null;
    }
    int length = typeLength & 0x3F;
    if (cursor + 1 + length > checksumAt) {
      throw new FruFormatException(
          Problem.MALFORMED,
          String.format(
              "%s: field of %d bytes at byte %d runs past the area", name, length, cursor - start));
    }
    Field field =
        new Field(typeLength >> 6, Arrays.copyOfRange(image, cursor + 1, cursor + 1 + length));
    cursor += 1 + length;
    return field;
  }
}
