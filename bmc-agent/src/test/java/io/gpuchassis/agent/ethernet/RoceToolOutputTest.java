package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.agent.ethernet.RoceToolOutput.DscpEntry;
import io.gpuchassis.agent.ethernet.RoceToolOutput.Red;
import io.gpuchassis.agent.ethernet.RoceToolOutput.RootQdisc;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The JSON iproute2 6.1 prints for the RoCE profile's items, written out from its printers (the key
 * order and value types of {@code print_linkinfo}, {@code dcb_app_print_filtered}, {@code
 * dcb_pfc_print} and {@code print_qdisc} with {@code red_print_opt}).
 */
class RoceToolOutputTest {

  /** {@code ip -j link show dev enp65s0f0np0} on an mlx5 port with jumbo frames. */
  static final String IP_LINK =
      "[{\"ifindex\":4,\"ifname\":\"enp65s0f0np0\",\"flags\":[\"BROADCAST\",\"MULTICAST\",\"UP\","
          + "\"LOWER_UP\"],\"mtu\":9000,\"qdisc\":\"mq\",\"operstate\":\"UP\",\"linkmode\":"
          + "\"DEFAULT\",\"group\":\"default\",\"txqlen\":1000,\"link_type\":\"ether\",\"address\":"
          + "\"0c:42:a1:00:00:2a\",\"broadcast\":\"ff:ff:ff:ff:ff:ff\"}]\n";

  /** {@code dcb -j app show dev X} after {@code dcb app replace dev X dscp-prio 26:3 48:6}. */
  static final String DCB_APP = "{\"dscp_prio\":[[26,3],[48,6]]}\n";

  /** {@code dcb -j pfc show dev X} on mlx5 (8 traffic classes, a 7 m cable) after 3:on. */
  static final String DCB_PFC =
      "{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":7,"
          + "\"prio_pfc\":[false,false,false,true,false,false,false,false]}\n";

  /** {@code tc -j qdisc show dev X} with the profile's RED at the root of an 8-queue port. */
  static final String TC_RED =
      "[{\"kind\":\"red\",\"handle\":\"8001:\",\"root\":true,\"refcnt\":9,\"options\":{\"limit\":"
          + "6000000,\"min\":150000,\"max\":1500000,\"ecn\":true,\"harddrop\":false,\"adaptive\":"
          + "false,\"nodrop\":false}}]\n";

  /** {@code tc -j qdisc show dev X} on a fresh mlx5 port: mq and a pfifo_fast per queue. */
  static final String TC_MQ =
      "[{\"kind\":\"mq\",\"handle\":\"0:\",\"root\":true,\"options\":{}},{\"kind\":\"pfifo_fast\","
          + "\"handle\":\"0:\",\"parent\":\":1\",\"options\":{\"bands\":3,\"priomap\":[1,2,2,2,1,2,"
          + "0,0,1,1,1,1,1,1,1,1],\"multiqueue\":false}}]\n";

  @Test
  void ip_link_shows_the_mtu() throws IOException {
    assertEquals(9000, RoceToolOutput.mtu(IP_LINK));
  }

  @Test
  void dcb_app_shows_the_dscp_pairs_and_none_as_an_empty_object() throws IOException {
    assertEquals(
        List.of(new DscpEntry(26, 3), new DscpEntry(48, 6)),
        RoceToolOutput.dscpPriorities(DCB_APP));
    assertEquals(List.of(), RoceToolOutput.dscpPriorities("{}\n"));
    // other selectors' entries are no DSCP map
    assertEquals(List.of(), RoceToolOutput.dscpPriorities("{\"ethtype_prio\":[[\"8906\",3]]}"));
  }

  @Test
  void dcb_pfc_shows_the_priorities_with_pfc_on() throws IOException {
    assertEquals(Set.of(3), RoceToolOutput.pfcEnabled(DCB_PFC));
    assertEquals(
        Set.of(),
        RoceToolOutput.pfcEnabled(
            "{\"pfc_cap\":8,\"macsec_bypass\":false,\"delay\":7,\"prio_pfc\":"
                + "[false,false,false,false,false,false,false,false]}"));
  }

  @Test
  void tc_shows_the_root_qdisc_and_reds_thresholds() throws IOException {
    assertEquals(
        new RootQdisc("red", Optional.of(new Red(6_000_000, 150_000, 1_500_000, true))),
        RoceToolOutput.rootQdisc(TC_RED));
    assertEquals(new RootQdisc("mq", Optional.empty()), RoceToolOutput.rootQdisc(TC_MQ));
  }

  @Test
  void output_of_another_shape_is_an_error_not_a_guess() {
    assertThrows(IOException.class, () -> RoceToolOutput.mtu(""));
    assertThrows(IOException.class, () -> RoceToolOutput.mtu("[]"));
    assertThrows(IOException.class, () -> RoceToolOutput.mtu("3: eth0: <UP> mtu 1500"));
    assertThrows(IOException.class, () -> RoceToolOutput.dscpPriorities("{\"dscp_prio\":[[26]]}"));
    assertThrows(IOException.class, () -> RoceToolOutput.pfcEnabled("{\"prio_pfc\":[true,false]}"));
    assertThrows(
        IOException.class,
        () -> RoceToolOutput.pfcEnabled("{\"prio_pfc\":[\"on\",0,0,0,0,0,0,0]}"));
    assertThrows(IOException.class, () -> RoceToolOutput.rootQdisc("[]"));
    assertThrows(
        IOException.class,
        () -> RoceToolOutput.rootQdisc("[{\"kind\":\"red\",\"root\":true,\"options\":{}}]"));
  }
}
