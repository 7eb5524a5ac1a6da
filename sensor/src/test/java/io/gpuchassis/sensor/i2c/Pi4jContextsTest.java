package io.gpuchassis.sensor.i2c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import com.pi4j.extension.Plugin;
import com.pi4j.io.IOType;
import com.pi4j.plugin.linuxfs.provider.i2c.LinuxFsI2CProvider;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import java.io.File;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class Pi4jContextsTest {

  @Test
  void hardwareContextHasExactlyTheLinuxFsI2cProvider() {
    Context context = Pi4jContexts.linuxFs();
    try {
      assertEquals(LinuxFsI2CProvider.ID, context.provider(IOType.I2C).id());
      assertEquals(
          1, context.providers().all().size(), "nothing auto-detected besides what was asked for");
      assertTrue(context.platforms().all().isEmpty());
    } finally {
      context.shutdown();
    }
  }

  @Test
  void hardwareContextTouchesNoDeviceUntilOneIsOpened() {
    int bus = 87; // a bus this machine does not have
    if (new File("/dev/i2c-" + bus).exists()) {
      return;
    }
    Context context = Pi4jContexts.linuxFs();
    try {
      RuntimeException e =
          assertThrows(RuntimeException.class, () -> new I2cDevices(context).device(bus, 0x48));
      assertTrue(e.getMessage().contains("i2c-" + bus), e.getMessage());
    } finally {
      context.shutdown();
    }
  }

  @Test
  void simulatedContextUsesTheSimulatedProviderOnly() {
    Context context = Pi4jContexts.withI2c(new SimulatedI2CProvider(new SimI2cNetwork()));
    try {
      assertEquals(SimulatedI2CProvider.ID, context.provider(IOType.I2C).id());
      assertEquals(1, context.providers().all().size());
    } finally {
      context.shutdown();
    }
  }

  @Test
  void noMockPluginIsOnTheClasspath() {
    // the mock plugin is not wanted at all: with it on the classpath an auto context off a
    // Raspberry Pi would
    // silently prefer mocks over real hardware (reference §1.5)
    for (Plugin plugin : ServiceLoader.load(Plugin.class)) {
      assertFalse(plugin.isMock(), plugin.getClass().getName());
    }
  }
}
