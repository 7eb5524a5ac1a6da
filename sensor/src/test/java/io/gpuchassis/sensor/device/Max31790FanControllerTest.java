package io.gpuchassis.sensor.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Max31790FanControllerTest {

  // Source: MAX31790 data sheet, tach count register (11-bit count in bits 15:5) and
  // RPM = 60 × SR × 8192 / (NP × count); speed range SR from fan dynamics bits 7:5, default 0x4C ->
  // SR 4.
  @ParameterizedTest(name = "tach 0x{0}, SR {1} -> {2} RPM")
  @CsvSource({
    "7D00, 4, 983.04", // count 1000
    "1F40, 4, 3932.16", // count 250
    "1F40, 1, 983.04",
    "FFE0, 4, 0.0" // 0x7FF: stopped or not monitored (Linux max31790 reports 0 RPM)
  })
  void tachCountToRpmWithTwoPulsesPerRevolution(String raw, int speedRange, double rpm) {
    assertEquals(rpm, Max31790FanController.rpm(Integer.parseInt(raw, 16), speedRange, 2), 1e-9);
  }

  // Source: MAX31790 data sheet, PWMOUT target duty cycle: 9 bits (0-511) in bits 15:7;
  // Linux max31790 uses 0xFF80 as the full-duty register value.
  @ParameterizedTest(name = "{0} % -> 0x{1}")
  @CsvSource({"100, FF80", "0, 0000", "50, 8000", "150, FF80", "-5, 0000"})
  void dutyPercentToRegister(double percent, String register) {
    assertEquals(Integer.parseInt(register, 16), Max31790FanController.dutyRegister(percent));
  }

  @Test
  void dutyRegisterToPercent() {
    assertEquals(100.0, Max31790FanController.dutyPercent(0xFF80), 1e-9);
    assertEquals(256 * 100.0 / 511, Max31790FanController.dutyPercent(0x8000), 1e-9);
  }

  @Test
  void registerAddressesPerChannel() {
    assertEquals(0x18, Max31790FanController.tachCountRegister(0));
    assertEquals(0x22, Max31790FanController.tachCountRegister(5));
    assertEquals(0x40, Max31790FanController.pwmTargetRegister(0));
    assertEquals(0x4A, Max31790FanController.pwmTargetRegister(5));
    assertEquals(0x0D, Max31790FanController.fanDynamicsRegister(5));
  }
}
