package io.gpuchassis.sensor.device.fru;

import io.gpuchassis.sensor.device.fru.FruFormatException.Problem;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Parses the Board Info and Product Info areas of an IPMI Platform Management FRU Information
 * Storage Definition v1.0 image. The 8-byte common header gives the format version (1) and each
 * area's offset in 8-byte units (0: absent) and sums to zero; so does every area.
 *
 * <p>Nothing is guessed: a blank, corrupt or unreadable image is a {@link FruFormatException}
 * saying which. An area that ends (0xC1) before all its predefined fields is accepted with the
 * missing fields empty, as common FRU tools do. Custom fields are skipped.
 *
 * <p>Pure functions; thread-safe.
 */
public final class FruParser {

  public static final int HEADER_SIZE = 8;

  // Board Info Area: version, length, language, 3 bytes of manufacturing date, then fields
  private static final int BOARD_FIXED_BYTES = 6;
  // Product Info Area: version, length, language, then fields
  private static final int PRODUCT_FIXED_BYTES = 3;
  private static final Instant MINUTES_EPOCH = Instant.parse("1996-01-01T00:00:00Z");

  private FruParser() {}

  public static FruInfo parse(byte[] image) throws FruFormatException {
    if (image.length < HEADER_SIZE) {
      throw new FruFormatException(
          Problem.MALFORMED, "a FRU image needs an 8-byte header, got " + image.length);
    }
    if (uniform(image, HEADER_SIZE, 0xFF) || uniform(image, HEADER_SIZE, 0x00)) {
      throw new FruFormatException(Problem.BLANK, "the FRU EEPROM is blank (never programmed)");
    }
    if (sum(image, 0, HEADER_SIZE) != 0) {
      throw new FruFormatException(
          Problem.BAD_CHECKSUM, "the FRU common header fails its checksum");
    }
    int version = Byte.toUnsignedInt(image[0]) & 0x0F; // bits 7:4 are reserved
    if (version != 1) {
      throw new FruFormatException(
          Problem.UNSUPPORTED, "FRU format version " + version + ", not 1");
    }
    int boardOffset = Byte.toUnsignedInt(image[3]);
    int productOffset = Byte.toUnsignedInt(image[4]);
    Optional<BoardInfo> board =
        boardOffset == 0
            ? Optional.empty()
            : Optional.of(
                board(FruArea.open(image, boardOffset, "Board Info Area", BOARD_FIXED_BYTES)));
    Optional<ProductInfo> product =
        productOffset == 0
            ? Optional.empty()
            : Optional.of(
                product(
                    FruArea.open(image, productOffset, "Product Info Area", PRODUCT_FIXED_BYTES)));
    return new FruInfo(board, product);
  }

  private static BoardInfo board(FruArea area) throws FruFormatException {
    int minutes = area.byteAt(3) | area.byteAt(4) << 8 | area.byteAt(5) << 16; // little-endian
    Optional<Instant> manufactured =
        minutes == 0
            ? Optional.empty()
            : Optional.of(MINUTES_EPOCH.plus(Duration.ofMinutes(minutes)));
    Optional<String> manufacturer = area.nextField();
    Optional<String> productName = area.nextField();
    Optional<String> serialNumber = area.nextField();
    Optional<String> partNumber = area.nextField();
    area.nextField(); // FRU file id
    area.finish();
    return new BoardInfo(manufactured, manufacturer, productName, serialNumber, partNumber);
  }

  private static ProductInfo product(FruArea area) throws FruFormatException {
    Optional<String> manufacturer = area.nextField();
    Optional<String> name = area.nextField();
    Optional<String> partNumber = area.nextField();
    Optional<String> version = area.nextField();
    Optional<String> serialNumber = area.nextField();
    Optional<String> assetTag = area.nextField();
    area.nextField(); // FRU file id
    area.finish();
    return new ProductInfo(manufacturer, name, partNumber, version, serialNumber, assetTag);
  }

  /**
   * The sum of {@code length} bytes from {@code start}, modulo 256: 0 for an intact header or area.
   */
  static int sum(byte[] image, int start, int length) {
    int sum = 0;
    for (int i = start; i < start + length; i++) {
      sum += Byte.toUnsignedInt(image[i]);
    }
    return sum & 0xFF;
  }

  private static boolean uniform(byte[] image, int length, int value) {
    for (int i = 0; i < length; i++) {
      if (Byte.toUnsignedInt(image[i]) != value) {
        return false;
      }
    }
    return true;
  }
}
