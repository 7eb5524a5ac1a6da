package io.gpuchassis.agent.sim.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.ethernet.RoceToolOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated ip, dcb and tc: the driver's defaults, the state the profile's commands leave, the
 * formats the agent's parsers read, and the refusals of the real tools in their words.
 */
class SimulatedRoceToolsTest {

  @TempDir Path root;
  private SimulatedTools tools;

  @BeforeEach
  void tree() throws IOException {
    Path net = Files.createDirectories(root.resolve("sys/class/net/eth0"));
    Files.writeString(net.resolve("operstate"), "up\n");
    Files.writeString(net.resolve("carrier"), "1\n");
    tools = new SimulatedTools(root);
  }

  private String run(String line) throws IOException {
    return tools.run(List.of(line.split(" ")));
  }

  private String refused(String line) {
    return assertThrows(IOException.class, () -> run(line)).getMessage();
  }

  @Test
  void a_fresh_port_shows_the_drivers_defaults() throws IOException {
    assertEquals(1500, RoceToolOutput.mtu(run("ip -j link show dev eth0")));
    assertEquals("{}\n", run("dcb -j app show dev eth0"));
    assertEquals(
        "{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":7,\"prio_pfc\":"
            + "[false,false,false,false,false,false,false,false]}\n",
        run("dcb -j pfc show dev eth0"));
    String qdiscs = run("tc -j qdisc show dev eth0");
    assertEquals("mq", RoceToolOutput.rootQdisc(qdiscs).kind());
    assertTrue(
        qdiscs.contains("{\"kind\":\"pfifo_fast\",\"handle\":\"0:\",\"parent\":\":8\""), qdiscs);
  }

  @Test
  void the_profiles_commands_leave_the_state_they_set() throws IOException {
    assertEquals("", run("ip link set dev eth0 mtu 9000"));
    assertEquals("", run("dcb app replace dev eth0 dscp-prio 26:3 48:6"));
    assertEquals("", run("dcb pfc set dev eth0 prio-pfc all:off 3:on"));
    assertEquals(
        "",
        run(
            "tc qdisc replace dev eth0 root red limit 6000000 min 150000 max 1500000 avpkt 1500"
                + " burst 400 probability 1 bandwidth 32gbit ecn"));
    assertEquals(9000, RoceToolOutput.mtu(run("ip -j link show dev eth0")));
    assertEquals("{\"dscp_prio\":[[26,3],[48,6]]}\n", run("dcb -j app show dev eth0"));
    assertEquals(Set.of(3), RoceToolOutput.pfcEnabled(run("dcb -j pfc show dev eth0")));
    assertEquals(
        "[{\"kind\":\"red\",\"handle\":\"8001:\",\"root\":true,\"refcnt\":9,\"options\":{\"limit\":"
            + "6000000,\"min\":150000,\"max\":1500000,\"ecn\":true,\"harddrop\":false,\"adaptive\":"
            + "false,\"nodrop\":false}}]\n",
        run("tc -j qdisc show dev eth0"));
    assertEquals(
        "qdisc red 8001: root refcnt 9 limit 6000000b min 150000b max 1500000b ecn \n",
        run("tc qdisc show dev eth0"));
    assertEquals("dscp-prio AF31:3 CS6:6 \n", run("dcb app show dev eth0"));
    // replace moves a DSCP to another priority; mlx5 keeps one priority a DSCP
    run("dcb app replace dev eth0 dscp-prio 48:5");
    assertEquals("{\"dscp_prio\":[[26,3],[48,5]]}\n", run("dcb -j app show dev eth0"));
    // changing the RED there keeps its handle
    run("tc qdisc replace dev eth0 root red limit 6000000 min 100000 max 1500000 avpkt 1500 ecn");
    assertTrue(run("tc -j qdisc show dev eth0").contains("\"handle\":\"8001:\""));
  }

  @Test
  void what_the_real_tools_refuse_is_refused_in_their_words() {
    assertTrue(
        refused("ip link set dev eth0 mtu 10000")
            .endsWith("Error: mtu greater than device maximum."));
    assertTrue(
        refused("ip link set dev eth0 mtu jumbo")
            .endsWith("Error: argument \"jumbo\" is wrong: Invalid \"mtu\" value"));
    assertTrue(refused("ip -j link show dev eth9").endsWith("Device \"eth9\" does not exist."));
    assertTrue(
        refused("ip -x link show dev eth0")
            .endsWith("Option \"-x\" is unknown, try \"ip -help\"."));
    assertTrue(refused("ip -d link show dev eth0").startsWith("not simulated"), "a real option");
    assertTrue(
        refused("dcb pfc set dev eth0 prio-pfc 8:on")
            .contains("In PRIO:PFC mapping, PRIO is expected to be 0..7"));
    assertTrue(
        refused("dcb pfc set dev eth0 prio-pfc 3:yes")
            .contains("argument of \"PFC\" must be one of \"off\", \"on\", not \"yes\""));
    assertTrue(
        refused("dcb app replace dev eth0 dscp-prio 64:3")
            .contains("In DSCP:PRIO mapping, DSCP is expected to be 0..63"));
    assertTrue(
        refused("dcb app replace dev eth0 dscp-prio 26:8")
            .contains("In DSCP:PRIO mapping, PRIO is expected to be 0..7"));
    assertTrue(refused("dcb -j pfc show dev eth9").endsWith("Attribute read: No such device"));
    assertTrue(
        refused("dcb apptrust set dev eth0 order dscp").contains("Object \"apptrust\" is unknown"));
    assertTrue(
        refused("tc qdisc replace dev eth0 root red min 150000 max 1500000 ecn")
            .endsWith("RED: Required parameter (limit, avpkt) is missing"));
    assertTrue(
        refused(
                "tc qdisc replace dev eth0 root red limit 6M min 150000 max 1500000 avpkt 1500 bandwidth 100gbit")
            .endsWith("Illegal \"bandwidth\""));
    assertTrue(
        refused(
                "tc qdisc replace dev eth0 root red limit 6000000 min 150000 max 1500000 avpkt 1500 burst 10")
            .contains("burst 10 is too small ? Try burst 101"));
    assertTrue(
        refused("tc qdisc replace dev eth0 root red limit 6000000 avpkt 1500 marking")
            .contains("What is \"marking\"?"));
    assertTrue(
        refused("tc qdisc del dev eth0 root").endsWith("Cannot delete qdisc with handle of zero."));
  }

  @Test
  void a_refused_command_changes_nothing() throws IOException {
    run("dcb pfc set dev eth0 prio-pfc 3:on");
    refused("dcb pfc set dev eth0 prio-pfc all:off 9:on");
    assertEquals(Set.of(3), RoceToolOutput.pfcEnabled(run("dcb -j pfc show dev eth0")));
  }
}
