package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.switchdrv.sim.MoeServer;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedI2cProvider;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.transport.i2c.I2cSwitchTransport;
import io.gpuchassis.switchdrv.transport.moe.MoeSwitchTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
  void each_chip_is_its_own_moe_endpoint_and_instance_1_is_a_second_chip() throws Exception {
    List<SimulatedSwitch> chips = fourChips();
    InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    List<MoeServer> servers = new ArrayList<>();
    try {
      servers.add(MoeServer.start(Map.of(0, chips.get(0)), any));
      servers.add(MoeServer.start(Map.of(0, chips.get(1)), any));
      servers.add(MoeServer.start(Map.of(0, chips.get(2), 1, chips.get(3)), any));
      List<SwitchtecDriver> drivers = new ArrayList<>();
      int[][] endpoint = {{0, 0}, {1, 0}, {2, 0}, {2, 1}};
      for (int[] e : endpoint) {
        drivers.add(
            SwitchtecDriver.open(
                new MoeSwitchTransport(servers.get(e[0]).address(), e[1], Duration.ofSeconds(1)),
                SimRig.FAST));
      }
      for (int i = 0; i < 4; i++) {
        assertEquals(0x6a1c0001L + i, drivers.get(i).identity().serialNumber());
      }
      drivers.get(0).bind(1, 1, 3);
      assertTrue(drivers.get(0).bindings().get(3).bound());
      assertFalse(drivers.get(1).bindings().get(3).bound(), "a bind on SW1 does not touch SW2");
      try (SwitchtecDriver nowhere =
          SwitchtecDriver.open(
              new MoeSwitchTransport(servers.get(0).address(), 1, Duration.ofSeconds(1)),
              SimRig.FAST)) {
        SwitchException refused = assertThrows(SwitchException.class, nowhere::identity);
        assertEquals(SwitchException.Kind.PROTOCOL, refused.kind());
        assertTrue(refused.getMessage().contains("refused to open"), refused.getMessage());
      }
      drivers.forEach(SwitchtecDriver::close);
    } finally {
      servers.forEach(MoeServer::close);
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
