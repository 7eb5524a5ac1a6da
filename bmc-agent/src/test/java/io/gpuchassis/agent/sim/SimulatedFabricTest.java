package io.gpuchassis.agent.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchDriver;
import io.gpuchassis.switchdrv.sim.SimTiming;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated switch chips are reached over I2C where the board places them on a bus, otherwise
 * over TCP.
 */
class SimulatedFabricTest {

  private static final DriverOptions POLLING =
      DriverOptions.defaults().withCommandTimeout(Duration.ofSeconds(1));

  @TempDir Path dir;

  @Test
  void a_chip_on_an_i2c_bus_is_reached_over_i2c() {
    BoardDescription board = BoardDescription.loadResource("/board/small-board.yaml");
    try (SimulatedFabric fabric = SimulatedFabric.start(board, SimTiming.fast());
        SwitchDriver driver = fabric.connect("SW1", POLLING)) {
      assertTrue(fabric.managedOverI2c("SW1"));
      assertEquals(board.switches().get(0).chip().deviceId(), driver.identity().deviceId());
    }
  }

  @Test
  void a_chip_without_an_i2c_location_is_reached_over_tcp_and_cannot_nak() throws Exception {
    BoardDescription board = withoutSwitchI2c();
    try (SimulatedFabric fabric = SimulatedFabric.start(board, SimTiming.fast());
        SwitchDriver driver = fabric.connect("SW1", POLLING)) {
      assertFalse(fabric.managedOverI2c("SW1"));
      assertFalse(driver.ports().isEmpty());
      assertEquals(board.switches().get(0).chip().deviceId(), driver.identity().deviceId());

      FaultInjector injector = new FaultInjector(Clock.systemUTC());
      new SwitchFaultKinds(fabric, SimulatedPlatform.simulatedChassis(board))
          .registerWith(injector);
      assertTrue(
          injector.kinds().stream().noneMatch(k -> k.name().equals("i2c-nak")), "no I2C, no NAK");
      var e =
          assertThrows(
              FaultException.class,
              () -> injector.inject("link-down", "/redfish/v1/Fabrics/PCIe/Switches/SW1"));
      assertEquals(FaultException.Reason.BAD_TARGET, e.reason());
    }
  }

  private BoardDescription withoutSwitchI2c() throws Exception {
    String yaml;
    try (InputStream in = getClass().getResourceAsStream("/board/small-board.yaml")) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String changed =
        yaml.replace("i2c: {bus: 2, address: \"0x50\"}", "tcp: {host: 127.0.0.1, port: 9555}");
    assertFalse(changed.equals(yaml), "the small chassis's switch should have had an I2C location");
    Path file = dir.resolve("small-tcp.yaml");
    Files.writeString(file, changed);
    return BoardDescription.load(file);
  }
}
