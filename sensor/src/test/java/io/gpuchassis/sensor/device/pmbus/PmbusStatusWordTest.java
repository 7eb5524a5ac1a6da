package io.gpuchassis.sensor.device.pmbus;

import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.CML;
import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.INPUT;
import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.OFF;
import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.POWER_GOOD_NEGATED;
import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.TEMPERATURE;
import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.VIN_UV_FAULT;
import static io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag.VOUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class PmbusStatusWordTest {

  // Source: PMBus Part II §17.1-17.2: STATUS_BYTE bits 7..0 BUSY, OFF, VOUT_OV_FAULT,
  // IOUT_OC_FAULT, VIN_UV_FAULT,
  // TEMPERATURE, CML, NONE_OF_THE_ABOVE; high byte 15..8 VOUT, IOUT/POUT, INPUT, MFR_SPECIFIC,
  // POWER_GOOD#, FANS,
  // OTHER, UNKNOWN.

  @Test
  void zeroIsAHealthySupply() {
    PmbusStatusWord word = new PmbusStatusWord(0x0000);
    assertTrue(word.flags().isEmpty());
    assertTrue(word.powerGood());
    assertFalse(word.anyFlag());
  }

  @Test
  void outputFault() {
    // 0x8840 = VOUT (15) | POWER_GOOD# (11) | OFF (6)
    PmbusStatusWord word = new PmbusStatusWord(0x8840);
    assertEquals(Set.of(VOUT, POWER_GOOD_NEGATED, OFF), word.flags());
    assertFalse(word.powerGood());
  }

  @Test
  void inputUnderVoltage() {
    // 0x2008 = INPUT (13) | VIN_UV_FAULT (3)
    assertEquals(Set.of(INPUT, VIN_UV_FAULT), new PmbusStatusWord(0x2008).flags());
    assertTrue(new PmbusStatusWord(0x2008).powerGood());
  }

  @Test
  void lowByteBits() {
    assertEquals(Set.of(TEMPERATURE, CML), new PmbusStatusWord(0x0006).flags());
  }
}
