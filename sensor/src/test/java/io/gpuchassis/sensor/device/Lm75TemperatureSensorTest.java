package io.gpuchassis.sensor.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Lm75TemperatureSensorTest {

  // Source: TI LM75B data sheet, table "Temperature Data Format" (9-bit, 0.5 °C per LSB,
  // left-justified).
  @ParameterizedTest(name = "LM75 0x{0} = {1} °C")
  @CsvSource({
    "7D00, 125.0",
    "1900, 25.0",
    "0080, 0.5",
    "0000, 0.0",
    "FF80, -0.5",
    "E700, -25.0",
    "C900, -55.0"
  })
  void decodesLm75NineBitValues(String raw, double celsius) {
    assertEquals(celsius, Lm75TemperatureSensor.decode(Integer.parseInt(raw, 16), 9), 0.0);
    assertEquals(Integer.parseInt(raw, 16), Lm75TemperatureSensor.encode(celsius, 9));
  }

  // Source: TI TMP75 data sheet, table "Temperature Data Format" (12-bit, 0.0625 °C per LSB).
  @ParameterizedTest(name = "TMP75 0x{0} = {1} °C")
  @CsvSource({
    "7FF0, 127.9375",
    "6400, 100.0",
    "5000, 80.0",
    "4B00, 75.0",
    "3200, 50.0",
    "1900, 25.0",
    "0040, 0.25",
    "0000, 0.0",
    "FFC0, -0.25",
    "E700, -25.0",
    "C900, -55.0",
    "8000, -128.0"
  })
  void decodesTmp75TwelveBitValues(String raw, double celsius) {
    assertEquals(celsius, Lm75TemperatureSensor.decode(Integer.parseInt(raw, 16), 12), 0.0);
    assertEquals(Integer.parseInt(raw, 16), Lm75TemperatureSensor.encode(celsius, 12));
  }

  @ParameterizedTest(name = "undefined low bits of 0x{0} are ignored at 9 bits")
  @CsvSource({"197F, 25.0", "FFFF, -0.5"})
  void ignoresBitsBelowTheResolution(String raw, double celsius) {
    // the LM75 data sheet leaves D6-D0 undefined; only D15-D7 carry the temperature
    assertEquals(celsius, Lm75TemperatureSensor.decode(Integer.parseInt(raw, 16), 9), 0.0);
  }
}
