package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.compose.HostGpusTest.EMPTY;
import static io.gpuchassis.agent.compose.HostGpusTest.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Plans on the reference chassis: SW1 -> SW2 -> SW3 -> SW4 -> SW1, each chip with 5 slots and 2
 * hosts.
 */
class BindingPlanTest {

  @Test
  void a_slot_on_the_hosts_own_chip_goes_into_the_hosts_partition_with_no_links() {
    BindingPlan plan = BindingPlan.of(EMPTY, 3, "Host2").orElseThrow();
    assertEquals("SW1", plan.switchId());
    assertEquals(1, plan.partition(), "Host2 is the second host of SW1");
    assertEquals(
        46, plan.gpuBridges(), "47 bridges a partition, the top one kept for the link to SW2");
    assertEquals(2, plan.physicalPort());
    assertEquals(List.of(), plan.hops());
  }

  @Test
  void a_slot_two_chips_away_is_reached_over_two_links_into_transit_partitions() {
    BindingPlan plan = BindingPlan.of(EMPTY, 12, "Host1").orElseThrow();
    assertEquals("SW3", plan.switchId());
    assertEquals(
        2,
        plan.partition(),
        "after SW3's two host partitions: the transit partition of the link from SW2");
    assertEquals(2, plan.hops().size());
    BindingPlan.Hop first = plan.hops().get(0);
    assertEquals("SW1", first.switchId());
    assertEquals(7, first.physicalPort());
    assertEquals(0, first.partition(), "the first link goes into Host1's partition");
    assertEquals(47, first.logicalPort(), "the top bridge: the only link leaving SW1");
    BindingPlan.Hop second = plan.hops().get(1);
    assertEquals("SW2", second.switchId());
    assertEquals(2, second.partition(), "the second link goes into SW2's transit partition");
  }

  @Test
  void links_are_followed_from_their_a_end_only_so_the_ring_is_one_way() {
    assertEquals(
        3,
        BindingPlan.of(EMPTY, 1, "Host3").orElseThrow().hops().size(),
        "SW2 -> SW3 -> SW4 -> SW1");
  }

  @Test
  void a_link_carrying_another_hosts_gpus_makes_the_slot_unreachable_for_now() {
    ChassisState state = with(EMPTY, 6, State.BOUND, "Host1", false);
    assertEquals(
        Optional.of("Host1"), BindingPlan.owner(state, state.interSwitchLinks().get(0), -1));
    assertTrue(BindingPlan.of(state, 7, "Host2").isEmpty());
    assertTrue(BindingPlan.route(state, 7, "Host2").isPresent(), "the wiring still leads there");
    assertTrue(BindingPlan.of(state, 7, "Host1").isPresent(), "the owner shares its link");
    assertTrue(
        BindingPlan.of(state, 6, "Host2").isPresent(), "a slot's own binding never blocks it");
    ChassisState failed = with(EMPTY, 6, State.FAILED, "Host1", false);
    assertTrue(
        BindingPlan.of(failed, 7, "Host2").isEmpty(), "a failed slot may still hold the link");
  }
}
