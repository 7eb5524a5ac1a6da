package io.gpuchassis.agent.sim.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.EthtoolModule;
import io.gpuchassis.agent.ethernet.LldpNeighbor;
import io.gpuchassis.agent.ethernet.LldpNeighbors;
import io.gpuchassis.agent.ethernet.NicDriver;
import io.gpuchassis.agent.ethernet.OpticalModule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated tools answer the inventory's command lines from the tree in the real tools'
 * formats, refuse what the real tools would, and an optic that loses its light reads so.
 */
class SimulatedPortInventoryTest {

  static final DataPort P1 = new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);
  static final DataPort P2 = new DataPort("NIC1", "2", "2", "enp1s0f1np1", "mlx5_1", 1, 100_000);

  @TempDir Path root;

  SimulatedTools tools() {
    new SimulatedPortInventory(root, List.of(P1, P2));
    return new SimulatedTools(root);
  }

  @Test
  void ethtool_m_prints_a_qsfp28_sr4_optic_as_qsfp_c_does() throws IOException {
    String out = tools().run(List.of("ethtool", "-m", P1.netdev()));
    // qsfp.c's layout: a tab, the label left-aligned in 41 columns, " : ", the value
    assertTrue(out.contains("\tIdentifier                                : 0x11 (QSFP28)\n"), out);
    assertTrue(
        out.contains("\tRcvr signal avg optical power(Channel 1)  : 0.7079 mW / -1.50 dBm\n"), out);
    assertTrue(
        out.contains("\tLaser rx power low alarm threshold        : 0.0363 mW / -14.40 dBm\n"),
        out);
    OpticalModule m = EthtoolModule.parse(out).orElseThrow();
    assertEquals("MMA1B00-C100D", m.partNumber().orElseThrow());
    assertEquals(List.of("100G Ethernet: 100G Base-SR4 or 25GBase-SR"), m.transceiverTypes());
    assertEquals(4, m.lanes().size());
    assertEquals(6.75, m.lanes().get(0).biasMilliAmps().getAsDouble());
    assertEquals(List.of(), m.lanesBelowRxPowerLowAlarm());
  }

  @Test
  void ethtool_i_prints_the_mlx5_firmware_per_pci_function() throws IOException {
    SimulatedTools tools = tools();
    NicDriver d1 = NicDriver.parse(tools.run(List.of("ethtool", "-i", P1.netdev()))).orElseThrow();
    NicDriver d2 = NicDriver.parse(tools.run(List.of("ethtool", "-i", P2.netdev()))).orElseThrow();
    assertEquals("mlx5_core", d1.driver());
    assertEquals("22.39.1002 (MT_0000000359)", d1.firmwareVersion().orElseThrow());
    assertEquals("0000:01:00.0", d1.busInfo().orElseThrow());
    assertEquals("0000:01:00.1", d2.busInfo().orElseThrow());
  }

  @Test
  void lldpcli_shows_the_switch_on_every_port() throws IOException {
    Map<String, LldpNeighbor> n =
        LldpNeighbors.parse(
            tools().run(List.of("lldpcli", "-f", "json0", "show", "neighbors", "details")));
    assertEquals("swp1", n.get(P1.netdev()).portId());
    assertEquals("swp2", n.get(P2.netdev()).portId());
    assertEquals(SimulatedPortInventory.SWITCH_MAC, n.get(P1.netdev()).chassisId());
    assertEquals(
        List.of(SimulatedPortInventory.SWITCH_ADDRESS), n.get(P2.netdev()).managementAddresses());
  }

  @Test
  void what_the_real_tools_refuse_fails() {
    SimulatedTools tools = tools();
    for (List<String> wrong :
        List.of(
            List.of("ethtool", "-m", "eth9"),
            List.of("ethtool", "-i", "../x"),
            List.of("ethtool", "-m", P1.netdev(), "hex", "on"),
            List.of("ethtool", "-x", P1.netdev()),
            List.of("lldpcli", "show", "neighbors"),
            List.of("lldpcli", "-f", "json", "show", "neighbors", "details"),
            List.of("lldpctl"))) {
      assertThrows(IOException.class, () -> tools.run(wrong), wrong.toString());
    }
  }

  @Test
  void a_tree_without_lldpd_fails_as_lldpcli_does_without_its_daemon() {
    SimulatedTools tools = new SimulatedTools(root);
    IOException e =
        assertThrows(
            IOException.class,
            () -> tools.run(List.of("lldpcli", "-f", "json0", "show", "neighbors", "details")));
    assertTrue(e.getMessage().contains("unable to connect to socket"), e.getMessage());
  }

  @Test
  void an_optic_without_light_reads_below_its_low_alarm_until_restored() throws IOException {
    SimulatedPortInventory inventory = new SimulatedPortInventory(root, List.of(P1, P2));
    SimulatedTools tools = new SimulatedTools(root);
    inventory.lowRxPower(P1, true);
    String dark = tools.run(List.of("ethtool", "-m", P1.netdev()));
    assertEquals(
        List.of(1, 2, 3, 4), EthtoolModule.parse(dark).orElseThrow().lanesBelowRxPowerLowAlarm());
    assertTrue(dark.contains("\tLaser rx power low alarm    (Channel 1)   : On\n"), dark);
    assertEquals(
        List.of(),
        EthtoolModule.parse(tools.run(List.of("ethtool", "-m", P2.netdev())))
            .orElseThrow()
            .lanesBelowRxPowerLowAlarm(),
        "the other port keeps its light");
    inventory.lowRxPower(P1, false);
    assertEquals(
        List.of(),
        EthtoolModule.parse(tools.run(List.of("ethtool", "-m", P1.netdev())))
            .orElseThrow()
            .lanesBelowRxPowerLowAlarm());
  }
}
