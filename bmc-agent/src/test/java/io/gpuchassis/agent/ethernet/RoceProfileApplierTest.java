package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.RoceMode;
import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.RoceCheck.Item;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemResult;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemState;
import io.gpuchassis.agent.ethernet.RoceCheck.ProfileState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Reading, diffing, applying and reading back one port's RoCE profile through its tools. */
class RoceProfileApplierTest {

  private final FakeRoceTools tools = new FakeRoceTools();
  private final RoceProfileApplier applier =
      new RoceProfileApplier(
          "eth0",
          RoceProfile.DEFAULT,
          tools,
          Clock.fixed(Instant.parse("2026-12-04T12:00:00Z"), ZoneOffset.UTC));

  private static ItemResult item(RoceCheck check, Item item) {
    return check.items().stream().filter(i -> i.item() == item).findFirst().orElseThrow();
  }

  @Test
  void a_port_at_the_drivers_defaults_gets_every_item_applied_with_the_exact_commands() {
    RoceCheck check = applier.check();
    assertEquals(
        List.of(
            "ip link set dev eth0 mtu 9000",
            "dcb app replace dev eth0 dscp-prio 26:3 48:6",
            "dcb pfc set dev eth0 prio-pfc all:off 3:on",
            "tc qdisc replace dev eth0 root red limit 6000000 min 150000 max 1500000 avpkt 1500"
                + " burst 400 probability 1 bandwidth 32gbit ecn"),
        tools.applied());
    for (ItemResult i : check.items()) {
      assertEquals(ItemState.CORRECTED, i.state(), i.toString());
    }
    assertEquals(Optional.of("mtu 1500"), item(check, Item.MTU).found());
    assertEquals(Optional.of("PFC off on every priority"), item(check, Item.PFC).found());
    assertEquals(Optional.of("root qdisc mq (no ECN marking)"), item(check, Item.ECN).found());
    assertEquals(ProfileState.APPLIED, check.state());
    assertEquals(OptionalInt.of(9000), check.mtu());
    assertEquals(Optional.of(Set.of(3)), check.pfc());
    assertEquals(OptionalInt.of(3), check.priorityOf(26));
    assertEquals(OptionalInt.of(6), check.priorityOf(48));
    assertEquals(150_000, check.root().orElseThrow().red().orElseThrow().min());
  }

  @Test
  void a_port_in_sync_is_only_read() {
    applier.check();
    tools.ran.clear();
    RoceCheck again = applier.check();
    assertEquals(List.of(), tools.applied(), "nothing applied");
    assertEquals(4, tools.ran.size(), "one read an item");
    again.items().forEach(i -> assertEquals(ItemState.IN_SYNC, i.state(), i.toString()));
    assertEquals(ProfileState.APPLIED, again.state());
  }

  @Test
  void only_the_item_that_differs_is_applied_and_only_its_differing_entries() {
    applier.check();
    tools.pfc.clear();
    tools.dscp.put(48, 0);
    tools.ran.clear();
    RoceCheck check = applier.check();
    assertEquals(
        List.of(
            "dcb app replace dev eth0 dscp-prio 48:6",
            "dcb pfc set dev eth0 prio-pfc all:off 3:on"),
        tools.applied());
    assertEquals(ItemState.IN_SYNC, item(check, Item.MTU).state());
    assertEquals(ItemState.CORRECTED, item(check, Item.DSCP_MAP).state());
    assertEquals(Optional.of("dscp-prio 26:3 48:0"), item(check, Item.DSCP_MAP).found());
    assertEquals(ItemState.CORRECTED, item(check, Item.PFC).state());
    assertEquals(ProfileState.APPLIED, check.state());
  }

  @Test
  void a_missing_tool_fails_its_items_with_its_message_and_the_others_are_applied() {
    tools.missing.add("dcb");
    RoceCheck check = applier.check();
    for (Item failed : List.of(Item.DSCP_MAP, Item.PFC)) {
      assertEquals(ItemState.FAILED, item(check, failed).state());
      assertTrue(
          item(check, failed).message().orElseThrow().contains("No such file or directory"),
          item(check, failed).toString());
    }
    assertEquals(ItemState.CORRECTED, item(check, Item.MTU).state());
    assertEquals(ItemState.CORRECTED, item(check, Item.ECN).state());
    assertEquals(ProfileState.FAILED, check.state());
    assertEquals(Optional.empty(), check.pfc(), "nothing read back is shown");
    assertEquals(OptionalInt.of(9000), check.mtu());
  }

  @Test
  void a_refused_apply_fails_the_item_with_the_tools_message() {
    ToolRunner refusing =
        command -> {
          if (command.get(0).equals("tc") && !command.contains("-j")) {
            throw new java.io.IOException(
                command + " exited with 2: RTNETLINK answers: Operation not supported");
          }
          return tools.run(command);
        };
    RoceCheck check =
        new RoceProfileApplier("eth0", RoceProfile.DEFAULT, refusing, Clock.systemUTC()).check();
    ItemResult ecn = item(check, Item.ECN);
    assertEquals(ItemState.FAILED, ecn.state());
    assertTrue(ecn.message().orElseThrow().endsWith("Operation not supported"), ecn.toString());
    assertEquals(Optional.of("root qdisc mq (no ECN marking)"), ecn.found());
    assertEquals(ItemState.CORRECTED, item(check, Item.PFC).state());
  }

  @Test
  void an_apply_that_exits_0_but_changes_nothing_is_drifted_not_applied() {
    // iproute2 6.1's dcb app replace exits 0 when the kernel refused the entries
    tools.ignoring.add("dcb");
    RoceCheck check = applier.check();
    ItemResult map = item(check, Item.DSCP_MAP);
    assertEquals(ItemState.DRIFTED, map.state());
    assertTrue(
        map.message().orElseThrow().contains("read back as no dscp-prio entry"), map.toString());
    assertEquals(ProfileState.DRIFTED, check.state());
  }

  @Test
  void a_lossy_profile_turns_pfc_off_everywhere() {
    RoceProfile lossy = new RoceProfile(RoceMode.LOSSY, 9000, 3, 26, 6, 48, 150_000, 1_500_000);
    tools.pfc.add(3);
    new RoceProfileApplier("eth0", lossy, tools, Clock.systemUTC()).check();
    assertTrue(
        tools.applied().contains("dcb pfc set dev eth0 prio-pfc all:off"),
        tools.applied().toString());
    assertEquals(Set.of(), tools.pfc);
  }
}
