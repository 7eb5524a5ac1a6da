package io.gpuchassis.sensor.sim.device;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes a valid IPMI FRU v1.0 image for a simulated FRU EEPROM: common header, then a Board Info
 * Area and a Product Info Area when any of their fields is set, each field 8-bit ASCII/Latin-1 in
 * an English area, empty fields as 0xC0, areas ended by 0xC1, zero-padded to 8 bytes and closed by
 * their zero checksum. The rest of the 256 bytes stays erased (0xFF).
 *
 * <p>Not thread-safe; build, then hand the bytes to {@link SimFruEeprom}.
 */
public final class FruImageBuilder {

  private static final Instant MINUTES_EPOCH = Instant.parse("1996-01-01T00:00:00Z");
  private static final int EMPTY_FIELD = 0xC0;
  private static final int END_OF_FIELDS = 0xC1;

  private Instant boardManufactured;
  private final String[] board = new String[4]; // manufacturer, product name, serial, part number
  private final String[] product =
      new String[6]; // manufacturer, name, part number, version, serial, asset tag

  FruImageBuilder() {}

  public FruImageBuilder boardManufactured(Instant when) {
    this.boardManufactured = Objects.requireNonNull(when, "when");
    return this;
  }

  public FruImageBuilder boardManufacturer(String text) {
    return set(board, 0, text);
  }

  public FruImageBuilder boardProductName(String text) {
    return set(board, 1, text);
  }

  public FruImageBuilder boardSerialNumber(String text) {
    return set(board, 2, text);
  }

  public FruImageBuilder boardPartNumber(String text) {
    return set(board, 3, text);
  }

  public FruImageBuilder productManufacturer(String text) {
    return set(product, 0, text);
  }

  public FruImageBuilder productName(String text) {
    return set(product, 1, text);
  }

  public FruImageBuilder productPartNumber(String text) {
    return set(product, 2, text);
  }

  public FruImageBuilder productVersion(String text) {
    return set(product, 3, text);
  }

  public FruImageBuilder productSerialNumber(String text) {
    return set(product, 4, text);
  }

  public FruImageBuilder assetTag(String text) {
    return set(product, 5, text);
  }

  /**
   * The 256-byte image.
   *
   * @throws IllegalArgumentException when the areas do not fit in 256 bytes
   */
  public byte[] build() {
    byte[] boardArea = boardManufactured != null || any(board) ? boardArea() : new byte[0];
    byte[] productArea = any(product) ? area(new byte[] {0x01, 0x00, 0x00}, product) : new byte[0];
    int boardAt = boardArea.length == 0 ? 0 : 1;
    int productAt = productArea.length == 0 ? 0 : 1 + boardArea.length / 8;
    byte[] header = {0x01, 0x00, 0x00, (byte) boardAt, (byte) productAt, 0x00, 0x00, 0x00};
    header[7] = checksum(header, 7);

    byte[] image = new byte[SimFruEeprom.SIZE];
    Arrays.fill(image, (byte) 0xFF);
    int used = header.length + boardArea.length + productArea.length;
    if (used > image.length) {
      throw new IllegalArgumentException(
          "the FRU areas need " + used + " bytes, the EEPROM has " + image.length);
    }
    System.arraycopy(header, 0, image, 0, header.length);
    System.arraycopy(boardArea, 0, image, header.length, boardArea.length);
    System.arraycopy(productArea, 0, image, header.length + boardArea.length, productArea.length);
    return image;
  }

  private byte[] boardArea() {
    long minutes =
        boardManufactured == null
            ? 0
            : Duration.between(MINUTES_EPOCH, boardManufactured).toMinutes();
    if (minutes < 0 || minutes > 0xFFFFFF) {
      throw new IllegalArgumentException(
          "manufacturing date outside 1996-2027: " + boardManufactured);
    }
    byte[] fixed = {
      0x01, 0x00, 0x00, (byte) minutes, (byte) (minutes >> 8), (byte) (minutes >> 16)
    };
    return area(fixed, board);
  }

  // fixed bytes (version, length placeholder, language, ...), the fields, an empty FRU file id, the
  // end marker
  private static byte[] area(byte[] fixed, String[] fields) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(fixed);
    for (String field : fields) {
      writeField(out, field);
    }
    out.write(EMPTY_FIELD);
    out.write(END_OF_FIELDS);
    while ((out.size() + 1) % 8 != 0) {
      out.write(0);
    }
    out.write(0); // checksum, set below
    byte[] area = out.toByteArray();
    area[1] = (byte) (area.length / 8);
    area[area.length - 1] = checksum(area, area.length - 1);
    return area;
  }

  private static void writeField(ByteArrayOutputStream out, String text) {
    if (text == null || text.isEmpty()) {
      out.write(EMPTY_FIELD);
      return;
    }
    // a one-byte text field would have type/length 0xC1, the end marker: pad it with a space, which
    // readers strip
    byte[] latin1 = (text.length() == 1 ? text + " " : text).getBytes(StandardCharsets.ISO_8859_1);
    out.write(0xC0 | latin1.length);
    out.writeBytes(latin1);
  }

  private FruImageBuilder set(String[] fields, int index, String text) {
    Objects.requireNonNull(text, "text");
    if (text.length() > 63) {
      throw new IllegalArgumentException("a FRU field holds at most 63 bytes: \"" + text + "\"");
    }
    if (!text.chars().allMatch(c -> c >= 0x20 && c <= 0xFF && (c < 0x7F || c > 0x9F))) {
      throw new IllegalArgumentException("\"" + text + "\" is not printable Latin-1");
    }
    fields[index] = text;
    return this;
  }

  private static boolean any(String[] fields) {
    return Arrays.stream(fields).anyMatch(Objects::nonNull);
  }

  private static byte checksum(byte[] bytes, int length) {
    int sum = 0;
    for (int i = 0; i < length; i++) {
      sum += Byte.toUnsignedInt(bytes[i]);
    }
    return (byte) -sum;
  }
}
