package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedI2cProvider;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.sim.SmwpServer;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.tcp.TcpSwitchTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A chassis has several switch chips: each simulator instance is its own chip. */
class MultiChipIT {

  static List<SimulatedSwitch> fourChips() {
    List<SimulatedSwitch> chips = new ArrayList<>();
    for (int i = 1; i <= 4; i++) {
      chips.add(
          new SimulatedSwitch(
              SimulatedSwitchConfig.referenceChip(0x6a1c0000L + i, 4, SimTiming.fast())));
    }
    return chips;
  }

  @Test
  void chips_behind_one_tcp_server_are_addressed_by_index() throws Exception {
    List<SimulatedSwitch> chips = fourChips();
    try (SmwpServer server = SmwpServer.start(chips, 0)) {
      List<SwitchtecDriver> drivers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        drivers.add(
            SwitchtecDriver.open(
                new TcpSwitchTransport(server.address(), i, Duration.ofSeconds(1)), SimRig.FAST));
      }
      for (int i = 0; i < 4; i++) {
        assertEquals(0x6a1c0001L + i, drivers.get(i).identity().serialNumber());
      }
      drivers.get(0).bind(1, 1, 3);
      assertTrue(drivers.get(0).bindings().get(3).bound());
      assertFalse(drivers.get(1).bindings().get(3).bound(), "a bind on SW1 does not touch SW2");
      try (SwitchtecDriver nowhere =
          SwitchtecDriver.open(
              new TcpSwitchTransport(server.address(), 9, Duration.ofSeconds(1)), SimRig.FAST)) {
        assertEquals(
            SwitchException.Kind.PROTOCOL,
            assertThrows(SwitchException.class, nowhere::identity).kind());
      }
      drivers.forEach(SwitchtecDriver::close);
    }
  }

  @Test
  void chips_on_separate_i2c_buses() {
    List<SimulatedSwitch> chips = fourChips();
    SimulatedI2cProvider provider = new SimulatedI2cProvider();
    for (int i = 0; i < 4; i++) {
      provider.attach(
          2 + i, 0x59, chips.get(i)); // reference chassis: buses 2-5, all strapped to 0x59
    }
    Context pi4j = Pi4J.newContextBuilder().noAutoDetect().add(provider).build();
    try {
      for (int i = 0; i < 4; i++) {
        I2C i2c =
            pi4j.create(
                I2C.newConfigBuilder(pi4j)
                    .id("sw" + (i + 1))
                    .bus(2 + i)
                    .device(0x59)
                    .provider(SimulatedI2cProvider.ID)
                    .build());
        try (SwitchtecDriver d = SwitchtecDriver.open(new I2cSwitchTransport(i2c), SimRig.FAST)) {
          assertEquals(0x6a1c0001L + i, d.identity().serialNumber());
          assertTrue(d.transport().description().contains("bus " + (2 + i)));
        }
      }
    } finally {
      pi4j.shutdown();
    }
  }
}
