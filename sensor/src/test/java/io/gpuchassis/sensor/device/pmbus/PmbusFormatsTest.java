package io.gpuchassis.sensor.device.pmbus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PmbusFormatsTest {

  // Source: PMBus Part II §7.3 LINEAR11: bits 15:11 signed exponent N, bits 10:0 signed mantissa Y,
  // value Y × 2^N.
  @ParameterizedTest(name = "LINEAR11 0x{0} = {1}")
  @CsvSource({
    "D3C0, 15.0", // N = 11010b = -6, Y = 0x3C0 = 960 -> 960 / 64
    "F398, 230.0", // N = -2, Y = 920 (a typical READ_VIN)
    "DA00, 16.0", // N = -5, Y = 512
    "0BE8, 2000.0", // N = +1, Y = 1000
    "FF9C, -50.0", // N = -1, Y = 0x79C = -100
    "07FF, -1.0", // N = 0, Y = 0x7FF = -1
    "0000, 0.0"
  })
  void decodesLinear11(String raw, double value) {
    assertEquals(value, PmbusFormats.linear11(Integer.parseInt(raw, 16)), 0.0);
  }

  @ParameterizedTest(name = "LINEAR11 round trip of {0}")
  @ValueSource(doubles = {0.0, 12.0, 230.0, 1950.5, -3.25, 0.0078125, 32000.0})
  void encodesLinear11WithBestPrecision(double value) {
    assertEquals(
        value, PmbusFormats.linear11(PmbusFormats.toLinear11(value)), Math.abs(value) / 1000.0);
  }

  @Test
  void linear11EncodingOf15IsD3C0() {
    // 15 fits the mantissa with N = -6 (15 × 64 = 960), not with N = -7 (1920 > 1023)
    assertEquals(0xD3C0, PmbusFormats.toLinear11(15.0));
  }

  // Source: PMBus Part II §8.3.1 VOUT_MODE (bits 7:5 = 000 linear, bits 4:0 signed exponent) and
  // LINEAR16.
  @ParameterizedTest(name = "LINEAR16 0x{0} with VOUT_MODE 0x{1} = {2}")
  @CsvSource({
    "1800, 17, 12.0", // exponent -9: 6144 / 512
    "1000, 14, 1.0", // exponent -12: 4096 / 4096
    "FFFF, 17, 127.998046875",
    "0600, 1E, 384.0" // VOUT_MODE 0x1E: exponent 11110b = -2: 1536 / 4
  })
  void decodesLinear16(String raw, String voutMode, double value) {
    assertEquals(
        value,
        PmbusFormats.linear16(Integer.parseInt(raw, 16), Integer.parseInt(voutMode, 16)),
        0.0);
  }

  @Test
  void linear16EncodesTwelveVolts() {
    assertEquals(0x1800, PmbusFormats.toLinear16(12.0, 0x17));
  }

  @ParameterizedTest(name = "VOUT_MODE 0x{0} is not linear")
  @ValueSource(strings = {"20", "40", "57"})
  void refusesVidAndDirectModes(String voutMode) {
    assertThrows(
        IllegalArgumentException.class,
        () -> PmbusFormats.linear16(0x1800, Integer.parseInt(voutMode, 16)));
  }
}
