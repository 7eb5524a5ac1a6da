package io.gpuchassis.sensor.sim.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.sensor.device.fru.FruInfo;
import io.gpuchassis.sensor.device.fru.FruParser;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FruImageBuilderTest {

  @Test
  void productOnlyImageByteForByte() {
    byte[] image = SimFruEeprom.image().productSerialNumber("GX2008SIM0001").build();
    // header: product area at 1 (byte 8), checksum FE. Area: version 01, length 04 (32 bytes),
    // language 00;
    // manufacturer, name, part number, version empty (C0); CD "GX2008SIM0001"; asset tag and FRU
    // file id empty;
    // end C1; zero padding to byte 31; checksum DA
    byte[] expected =
        HexFormat.ofDelimiter(" ")
            .parseHex(
                "01 00 00 00 01 00 00 FE"
                    + " 01 04 00 C0 C0 C0 C0 CD 47 58 32 30 30 38 53 49 4D 30 30 30 31 C0 C0 C1 00 00 00 00 00 00 00 DA");
    assertArrayEquals(expected, Arrays.copyOf(image, expected.length));
    assertEquals(256, image.length);
    for (int i = expected.length; i < 256; i++) {
      assertEquals((byte) 0xFF, image[i], "erased beyond the areas");
    }
  }

  @Test
  void everyAreaSumsToZero() {
    byte[] image =
        SimFruEeprom.image()
            .boardManufacturer("Acme Corp")
            .boardSerialNumber("MP1")
            .productName("GX2008")
            .assetTag("T")
            .build();
    assertEquals(0, sum(image, 0, 8));
    int board = image[3] * 8;
    int product = image[4] * 8;
    assertEquals(0, sum(image, board, image[board + 1] * 8));
    assertEquals(0, sum(image, product, image[product + 1] * 8));
  }

  @Test
  void aOneCharacterFieldIsPaddedSoItIsNotTheEndMarker() throws Exception {
    byte[] image = SimFruEeprom.image().productVersion("B").productSerialNumber("S1").build();
    assertEquals(Optional.of("B"), FruParser.parse(image).product().orElseThrow().version());
    assertEquals(Optional.of("S1"), FruParser.parse(image).product().orElseThrow().serialNumber());
  }

  @Test
  void noFieldsNoAreas() throws Exception {
    assertEquals(
        new FruInfo(Optional.empty(), Optional.empty()),
        FruParser.parse(SimFruEeprom.image().build()));
  }

  @Test
  void fieldsThatCannotBeStoredAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> SimFruEeprom.image().assetTag("x".repeat(64)));
    assertThrows(
        IllegalArgumentException.class, () -> SimFruEeprom.image().productName("line\nbreak"));
    var tooMuch = SimFruEeprom.image();
    for (String field : new String[] {"a", "b", "c", "d"}) {
      tooMuch
          .boardManufacturer(field.repeat(63))
          .boardProductName(field.repeat(63))
          .boardSerialNumber(field.repeat(63))
          .boardPartNumber(field.repeat(63))
          .productName(field.repeat(63));
    }
    assertThrows(IllegalArgumentException.class, tooMuch::build);
  }

  private static int sum(byte[] b, int start, int length) {
    int sum = 0;
    for (int i = start; i < start + length; i++) {
      sum += Byte.toUnsignedInt(b[i]);
    }
    return sum & 0xFF;
  }
}
