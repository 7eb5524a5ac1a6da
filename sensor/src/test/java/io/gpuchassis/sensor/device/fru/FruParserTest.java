package io.gpuchassis.sensor.device.fru;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.device.fru.FruFormatException.Problem;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FruParserTest {

  // Written out by hand after the IPMI Platform Management FRU Information Storage Definition v1.0:
  // common header: version 01, internal use 0, chassis 0, board at 1 (byte 8), product at 7 (byte
  // 56), multirecord 0,
  // pad, checksum F7 (01 + 01 + 07 + F7 = 0x100).
  private static final String HEADER = "01 00 00 01 07 00 00 F7";
  // Board Info Area, 48 bytes: version 01, length 06 (x 8), language 00 (English),
  // manufactured 0xE2591E = 14833950 minutes after 1996-01-01 = 2024-03-15T08:30Z (little-endian 1E
  // 59 E2),
  // C9 "Acme Corp", CF "GX2008 Midplane", serial 44 = BCD plus, 4 bytes "20240315",
  // part number 85 = 6-bit ASCII, 5 bytes "MB-100", FRU file id C0 (empty), end C1, pad 00 00,
  // checksum A8.
  private static final String BOARD =
      "01 06 00 1E 59 E2"
          + " C9 41 63 6D 65 20 43 6F 72 70"
          + " CF 47 58 32 30 30 38 20 4D 69 64 70 6C 61 6E 65"
          + " 44 20 24 03 15"
          + " 85 AD D8 44 10 04"
          + " C0 C1 00 00 A8";
  // Product Info Area, 64 bytes: version 01, length 08, language 19 (25 = English), C9 "Acme Corp",
  // C6 "GX2008",
  // CA "GX2008-20S", version C3 "A01", CD "GX2008SIM0001", asset tag C0 (empty), FRU file id C0,
  // custom field C3 "x=1", end C1, pad, checksum 78.
  private static final String PRODUCT =
      "01 08 19"
          + " C9 41 63 6D 65 20 43 6F 72 70"
          + " C6 47 58 32 30 30 38"
          + " CA 47 58 32 30 30 38 2D 32 30 53"
          + " C3 41 30 31"
          + " CD 47 58 32 30 30 38 53 49 4D 30 30 30 31"
          + " C0 C0 C3 78 3D 31 C1 00 00 00 00 00 00 00 78";

  @Test
  void goldenImageIsIntact() {
    byte[] image = image();
    assertEquals(8 + 48 + 64, image.length);
    assertEquals(0, sum(image, 0, 8), "header");
    assertEquals(0, sum(image, 8, 48), "board area");
    assertEquals(0, sum(image, 56, 64), "product area");
  }

  @Test
  void parsesBoardAndProductAreas() throws Exception {
    FruInfo fru = FruParser.parse(image());

    BoardInfo board = fru.board().orElseThrow();
    assertEquals(Optional.of(Instant.parse("2024-03-15T08:30:00Z")), board.manufactured());
    assertEquals(Optional.of("Acme Corp"), board.manufacturer());
    assertEquals(Optional.of("GX2008 Midplane"), board.productName());
    assertEquals(Optional.of("20240315"), board.serialNumber(), "BCD plus");
    assertEquals(Optional.of("MB-100"), board.partNumber(), "6-bit ASCII packed");

    ProductInfo product = fru.product().orElseThrow();
    assertEquals(Optional.of("Acme Corp"), product.manufacturer());
    assertEquals(Optional.of("GX2008"), product.productName());
    assertEquals(Optional.of("GX2008-20S"), product.partNumber());
    assertEquals(Optional.of("A01"), product.version());
    assertEquals(Optional.of("GX2008SIM0001"), product.serialNumber());
    assertEquals(Optional.empty(), product.assetTag(), "C0 is an empty field");
  }

  @Test
  void imagePaddedToTheEepromSizeParsesTheSame() throws Exception {
    byte[] eeprom = Arrays.copyOf(image(), 256);
    Arrays.fill(eeprom, image().length, 256, (byte) 0xFF);
    assertEquals(FruParser.parse(image()), FruParser.parse(eeprom));
  }

  @Test
  void anAreaTheHeaderDoesNotListIsEmpty() throws Exception {
    byte[] image = image();
    image[4] = 0; // no product area
    image[7] = (byte) (image[7] + 7); // header checksum again
    FruInfo fru = FruParser.parse(image);
    assertTrue(fru.product().isEmpty());
    assertTrue(fru.board().isPresent());
  }

  @Test
  void blankEepromIsReportedAsBlank() {
    byte[] erased = new byte[256];
    Arrays.fill(erased, (byte) 0xFF);
    assertEquals(Problem.BLANK, problemOf(erased));
    assertEquals(Problem.BLANK, problemOf(new byte[256]), "all zero: never programmed either");
  }

  @Test
  void headerChecksumFailure() {
    byte[] image = image();
    image[4] = 0x08; // product moved without fixing the checksum
    FruFormatException e = assertThrows(FruFormatException.class, () -> FruParser.parse(image));
    assertEquals(Problem.BAD_CHECKSUM, e.problem());
    assertTrue(e.getMessage().contains("header"), e.getMessage());
  }

  @Test
  void areaChecksumFailure() {
    byte[] image = image();
    image[56 + 4] = 'a'; // "Acme" -> "acme" in the product area: one bit flipped
    FruFormatException e = assertThrows(FruFormatException.class, () -> FruParser.parse(image));
    assertEquals(Problem.BAD_CHECKSUM, e.problem());
    assertTrue(e.getMessage().contains("Product Info Area"), e.getMessage());
  }

  @Test
  void unknownFormatVersionIsUnsupported() {
    byte[] image = image();
    image[0] = 0x02;
    image[7] = (byte) (image[7] - 1);
    assertEquals(Problem.UNSUPPORTED, problemOf(image));
  }

  @Test
  void areaOutsideTheImageIsMalformed() {
    byte[] image = image();
    image[4] = 0x1F; // product area at byte 248 of a 120-byte image
    image[7] = (byte) (image[7] - 0x18);
    assertEquals(Problem.MALFORMED, problemOf(image));
  }

  @Test
  void areaWithoutEndMarkerIsMalformed() {
    // 16-byte product area: language, one 11-byte field, then padding up to the checksum, never C1
    byte[] image = withProductArea(bytes("01 02 00"), bytes("CB 31 32 33 34 35 36 37 38 39 30 31"));
    FruFormatException e = assertThrows(FruFormatException.class, () -> FruParser.parse(image));
    assertEquals(Problem.MALFORMED, e.problem());
    assertTrue(e.getMessage().contains("end-of-fields"), e.getMessage());
  }

  @Test
  void fieldRunningPastItsAreaIsMalformed() {
    byte[] image = withProductArea(bytes("01 02 00"), bytes("CF 41 42 43")); // claims 15 bytes
    assertEquals(Problem.MALFORMED, problemOf(image));
  }

  @Test
  void areaEndingEarlyLeavesTheRemainingFieldsEmpty() throws Exception {
    byte[] image = withProductArea(bytes("01 02 00"), bytes("C4 41 63 6D 65 C1"));
    ProductInfo product = FruParser.parse(image).product().orElseThrow();
    assertEquals(Optional.of("Acme"), product.manufacturer());
    assertEquals(Optional.empty(), product.serialNumber());
  }

  @Test
  void nonEnglishAreaHoldsTwoByteUnicode() throws Exception {
    // language 0x22 (not English): type 11 is 2-byte Unicode, least significant byte first: "Zoë"
    byte[] image = withProductArea(bytes("01 02 22"), bytes("C6 5A 00 6F 00 EB 00 C1"));
    assertEquals(Optional.of("Zoë"), FruParser.parse(image).product().orElseThrow().manufacturer());
  }

  @Test
  void latin1TextInAnEnglishArea() throws Exception {
    byte[] image = withProductArea(bytes("01 02 00"), bytes("C6 4D FC 6C 6C 65 72 C1")); // "Müller"
    assertEquals(
        Optional.of("Müller"), FruParser.parse(image).product().orElseThrow().manufacturer());
  }

  @Test
  void controlCharactersInTextAreMalformed() {
    byte[] image = withProductArea(bytes("01 02 00"), bytes("C3 41 07 42 C1"));
    assertEquals(Problem.MALFORMED, problemOf(image));
  }

  @Test
  void sixBitAsciiAsInTheSpecification() {
    // the FRU specification's example: "IPMI" packs into 29 DC A6
    assertEquals("IPMI", FruText.sixBitAscii(bytes("29 DC A6")));
  }

  @Test
  void bcdPlusDigits() throws Exception {
    assertEquals("12 -.3", FruText.bcdPlus(bytes("12 AB C3")));
    FruFormatException e =
        assertThrows(FruFormatException.class, () -> FruText.bcdPlus(bytes("1D")));
    assertEquals(Problem.MALFORMED, e.problem(), "0xD-0xF are reserved");
  }

  @Test
  void binaryFieldsAreShownAsHex() throws Exception {
    assertEquals(
        Optional.of("00A1FF"), FruText.decode(FruText.TYPE_BINARY, bytes("00 A1 FF"), true));
  }

  @Test
  void paddingIsStripped() throws Exception {
    assertEquals(
        Optional.of("SN1"), FruText.decode(FruText.TYPE_TEXT, bytes("20 53 4E 31 20 00 00"), true));
    assertEquals(Optional.empty(), FruText.decode(FruText.TYPE_TEXT, bytes("20 20 00"), true));
  }

  // header + a product area made of these parts, padded and closed by its checksum here in the test
  private static byte[] withProductArea(byte[] fixed, byte[] fields) {
    ByteArrayOutputStream area = new ByteArrayOutputStream();
    area.writeBytes(fixed);
    area.writeBytes(fields);
    while ((area.size() + 1) % 8 != 0) {
      area.write(0);
    }
    area.write(0);
    byte[] bytes = area.toByteArray();
    bytes[1] = (byte) (bytes.length / 8);
    bytes[bytes.length - 1] = (byte) -sum(bytes, 0, bytes.length - 1);
    byte[] header = bytes("01 00 00 00 01 00 00 FE");
    byte[] image = Arrays.copyOf(header, header.length + bytes.length);
    System.arraycopy(bytes, 0, image, header.length, bytes.length);
    return image;
  }

  private static Problem problemOf(byte[] image) {
    return assertThrows(FruFormatException.class, () -> FruParser.parse(image)).problem();
  }

  private static byte[] image() {
    return bytes(HEADER + " " + BOARD + " " + PRODUCT);
  }

  private static byte[] bytes(String hex) {
    return HexFormat.ofDelimiter(" ").parseHex(hex);
  }

  private static int sum(byte[] b, int start, int length) {
    int sum = 0;
    for (int i = start; i < start + length; i++) {
      sum += Byte.toUnsignedInt(b[i]);
    }
    return sum & 0xFF;
  }
}
