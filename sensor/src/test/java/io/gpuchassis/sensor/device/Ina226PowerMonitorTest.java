package io.gpuchassis.sensor.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class Ina226PowerMonitorTest {

  // Source for all values: TI INA226 data sheet §7.5 equations: CAL = 0.00512 / (Current_LSB ×
  // R_SHUNT),
  // Current = ShuntVoltage × CAL / 2048, Power = Current × BusVoltage / 20000, Power_LSB = 25 ×
  // Current_LSB,
  // bus voltage LSB 1.25 mV. Worked here for Current_LSB = 1 mA and R_SHUNT = 2 mΩ.

  @Test
  void calibrationForOneMilliampLsbAndTwoMilliohmShunt() {
    assertEquals(2560, Ina226PowerMonitor.calibrationFor(0.001, 0.002));
  }

  @Test
  void calibrationFromMaximumCurrent() {
    // I_max 32.768 A -> Current_LSB = 32.768 / 2^15 = 1 mA
    var monitor = new Ina226PowerMonitor(null, 0.002, 32.768);
    assertEquals(0.001, monitor.currentLsbAmps(), 1e-12);
    assertEquals(2560, monitor.calibration());
  }

  @Test
  void busVoltageRegister9600Is12Volts() {
    assertEquals(12.0, Ina226PowerMonitor.busVolts(0x2580), 1e-9);
  }

  @Test
  void currentRegisterIsSignedInCurrentLsb() {
    // shunt register 4000 (10 mV) × CAL 2560 / 2048 = 5000 -> 5 A; 0xEC78 = -5000 -> -5 A
    assertEquals(5.0, Ina226PowerMonitor.amps(5000, 0.001), 1e-9);
    assertEquals(-5.0, Ina226PowerMonitor.amps(0xEC78, 0.001), 1e-9);
  }

  @Test
  void powerRegisterIn25TimesCurrentLsb() {
    // 5000 × 9600 / 20000 = 2400 -> 2400 × 25 mW = 60 W (= 12 V × 5 A)
    assertEquals(60.0, Ina226PowerMonitor.watts(2400, 0.001), 1e-9);
  }

  @Test
  void refusesACalibrationThatDoesNotFit() {
    assertThrows(IllegalArgumentException.class, () -> new Ina226PowerMonitor(null, 0.0001, 0.01));
  }
}
