package io.gpuchassis.sensor.i2c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.device.SimLm75;
import java.io.File;
import org.junit.jupiter.api.Test;

/**
 * Opening devices never throws in {@link I2cDevices#open}: a device that cannot be opened carries
 * the reason.
 */
class I2cDevicesTest {

  @Test
  void aMissingBusGivesAnUnavailableDeviceNamingTheBusAndWhy() throws Exception {
    SimI2cNetwork network = new SimI2cNetwork();
    SimLm75 lm75 = new SimLm75("Inlet1", 12);
    network.bus(1).attach(0x48, lm75);
    network.bus(9);
    SimulatedI2CProvider provider = new SimulatedI2CProvider(network);
    provider.setAdapterMissing(9, true);
    Context context = Pi4jContexts.withI2c(provider);
    try {
      I2cDevices devices = new I2cDevices(context);
      SmbusDevice missing = devices.open(9, 0x48);
      assertFalse(missing.isAvailable());
      assertEquals(
          "bus 9: /sys/bus/i2c/devices/i2c-9 does not exist (simulated)",
          missing.unavailableReason().orElseThrow());
      assertEquals(9, missing.bus());
      assertEquals(0x48, missing.address());
      assertSame(missing, devices.open(9, 0x48), "not retried, one handle per address");

      DeviceUnavailableException e =
          assertThrows(
              DeviceUnavailableException.class,
              () -> new Lm75TemperatureSensor(missing).readCelsius());
      assertEquals(
          "I2C bus 9 address 0x48 is unavailable: bus 9: /sys/bus/i2c/devices/i2c-9 does not exist "
              + "(simulated)",
          e.getMessage());
      assertThrows(DeviceUnavailableException.class, () -> missing.atomically(() -> 1));

      SmbusDevice present = devices.open(1, 0x48);
      assertTrue(present.isAvailable(), "the other bus is not affected");
      assertEquals(25.0, new Lm75TemperatureSensor(present).readCelsius());
      assertThrows(RuntimeException.class, () -> devices.device(9, 0x48), "device() still refuses");
    } finally {
      context.shutdown();
    }
  }

  @Test
  void aNativeLibraryThatCannotLoadMakesTheDeviceUnavailableInsteadOfThrowingAnError() {
    Context context = Pi4jContexts.withI2c(new NativeLibraryMissingProvider());
    try {
      I2cDevices devices = new I2cDevices(context);
      SmbusDevice device = devices.open(4, 0x20);
      assertEquals(
          "bus 4: native I2C library cannot load (no libpi4j-linuxfs.so for linux-x86_64 in the jar)",
          device.unavailableReason().orElseThrow());
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> devices.device(4, 0x20));
      assertTrue(e.getCause() instanceof UnsatisfiedLinkError);
    } finally {
      context.shutdown();
    }
  }

  @Test
  void realLinuxFsOnABusThisMachineDoesNotHave() {
    int bus = 87;
    if (new File("/sys/bus/i2c/devices/i2c-" + bus).exists()) {
      return; // only meaningful where the bus is missing
    }
    Context context = Pi4jContexts.linuxFs();
    try {
      SmbusDevice device = new I2cDevices(context).open(bus, 0x48);
      String reason = device.unavailableReason().orElseThrow();
      assertTrue(
          reason.startsWith("bus 87: ") && reason.contains("/sys/bus/i2c/devices/i2c-87"), reason);
    } finally {
      context.shutdown();
    }
  }
}
