package io.gpuchassis.sensor.sim.bus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import io.gpuchassis.sensor.device.pmbus.PmbusCommand;
import io.gpuchassis.sensor.device.pmbus.PmbusPowerSupply;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import io.gpuchassis.sensor.sim.device.SimLm75;
import io.gpuchassis.sensor.sim.device.SimPmbusPowerSupply;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A register read is one combined transaction (command write, repeated start, read); a write
 * followed by a separate read has a STOP in between. Pointer-register parts answer both; SMBus
 * command parts only the combined one.
 */
class SmbusTransactionTest {

  private final SimI2cNetwork network = new SimI2cNetwork();
  private final SimPmbusPowerSupply psu = new SimPmbusPowerSupply("PSU1", "CRPS2000");
  private final SimLm75 lm75 = new SimLm75("Inlet1", 12);
  private final SimLm75 declaredCommand = new SimLm75("odd part", 12);
  private Context context;
  private I2cDevices devices;

  @BeforeEach
  void wire() {
    network.bus(1).attach(0x58, psu);
    network.bus(1).attach(0x48, lm75);
    network.bus(1).attach(0x49, declaredCommand, TargetKind.SMBUS_COMMAND);
    context = Pi4jContexts.withI2c(new SimulatedI2CProvider(network));
    devices = new I2cDevices(context);
    psu.setOutput(0, 230.0, 12.0, 50.0, 30.0, 8000.0);
  }

  @AfterEach
  void shutdown() {
    context.shutdown();
  }

  private I2C raw(int address) {
    return context.create(
        I2C.newConfigBuilder(context).id("raw-" + address).bus(1).device(address));
  }

  @Test
  void aSplitPmbusReadIsRefusedWhileTheDriversCombinedReadWorks() throws Exception {
    assertEquals(
        TargetKind.SMBUS_COMMAND, psu.kind(), "a PMBus supply declares itself a command device");
    assertEquals(12.0, new PmbusPowerSupply(devices.device(1, 0x58), 0).readOutputVolts(), 0.002);

    I2C i2c = raw(0x58);
    i2c.write((byte) PmbusCommand.READ_VOUT); // the command alone, then STOP: acknowledged
    RuntimeException e = assertThrows(RuntimeException.class, () -> i2c.read(new byte[2], 0, 2));
    assertTrue(rootMessage(e).contains("repeated-start"), rootMessage(e));

    byte[] combined = new byte[2];
    assertEquals(2, i2c.readRegister(PmbusCommand.READ_VOUT, combined, 0, 2));
    assertEquals(
        12.0,
        (Byte.toUnsignedInt(combined[0]) | Byte.toUnsignedInt(combined[1]) << 8) / 512.0,
        0.002);
  }

  @Test
  void aSplitBlockReadOfACommandDeviceIsRefusedWhileTheCombinedOneWorks() throws Exception {
    SmbusDevice device = devices.device(1, 0x58);
    byte[] model = device.readBlock(PmbusCommand.MFR_MODEL, 12);
    assertEquals("CRPS2000    ", new String(model, StandardCharsets.US_ASCII));

    I2C i2c = raw(0x58);
    i2c.write((byte) PmbusCommand.MFR_MODEL);
    assertThrows(RuntimeException.class, () -> i2c.read(new byte[13], 0, 13));
  }

  @Test
  void aPointerRegisterPartKeepsItsPointerAcrossAStop() throws Exception {
    lm75.setTemperature(42.5);
    I2C i2c = raw(0x48);
    i2c.write((byte) Lm75TemperatureSensor.TEMPERATURE);
    byte[] split = new byte[2];
    assertEquals(2, i2c.read(split, 0, 2));
    byte[] combined = new byte[2];
    i2c.readRegister(Lm75TemperatureSensor.TEMPERATURE, combined, 0, 2);
    assertArrayEquals(combined, split, "the split read returns the register the write pointed at");
    assertEquals(42.5, Lm75TemperatureSensor.decode((split[0] & 0xFF) << 8 | split[1] & 0xFF, 12));
  }

  @Test
  void theKindCanBeDeclaredWhereTheTargetIsAttached() throws Exception {
    assertEquals(
        TargetKind.POINTER_REGISTER,
        declaredCommand.kind(),
        "the part itself says pointer register");
    I2C i2c = raw(0x49);
    i2c.write((byte) Lm75TemperatureSensor.TEMPERATURE);
    assertThrows(
        RuntimeException.class, () -> i2c.read(new byte[2], 0, 2), "attached as a command device");
    assertEquals(25.0, new Lm75TemperatureSensor(devices.device(1, 0x49), 12).readCelsius());
  }

  @Test
  void theCommandHalfOfAReadIsNotASendByte() throws Exception {
    psu.setFailed(true);
    psu.setFailed(false);
    PmbusPowerSupply supply = new PmbusPowerSupply(devices.device(1, 0x58), 0);
    assertFalse(supply.readStatusWord().powerGood(), "the fault latched");
    raw(0x58).readRegister(PmbusCommand.CLEAR_FAULTS, new byte[1], 0, 1);
    assertFalse(
        supply.readStatusWord().powerGood(),
        "reading CLEAR_FAULTS's code in a combined read clears nothing");
    supply.clearFaults();
    assertTrue(supply.readStatusWord().powerGood(), "the lone command, a send byte, does");
  }

  @Test
  void aCombinedTransferIsTwoPhasesOnOneRoute() throws Exception {
    long before = network.transfers();
    long deviceBefore = lm75.transfers();
    new Lm75TemperatureSensor(devices.device(1, 0x48), 12).readCelsius();
    assertEquals(2, network.transfers() - before);
    assertEquals(2, lm75.transfers() - deviceBefore, "address+W and address+R each acknowledged");
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }
}
