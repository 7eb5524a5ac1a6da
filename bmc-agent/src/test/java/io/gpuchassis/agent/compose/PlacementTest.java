package io.gpuchassis.agent.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding.State;
import io.gpuchassis.agent.compose.Placement.Placed;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Placement on the reference chassis: SW1 (slots 1-4 H100, Host1/Host2), SW2 (6-9 H100), SW3 (11-14
 * L40S), SW4 (16-19 L40S), cascaded one way round the ring SW1 -> SW2 -> SW3 -> SW4 -> SW1. {@code
 * ENGINE} asks the binding engine's plans (a link carries one host's GPUs at a time); {@code
 * ANYWHERE} lets every GPU reach every host.
 */
class PlacementTest {

  static final ChassisState EMPTY =
      SimulatedPlatform.simulatedChassis(BoardDescription.reference());
  static final Placement ANYWHERE = new Placement((state, slot, host) -> true);
  static final Placement ENGINE = Placement.ofEngine();

  static GpuRequest request(String host, int count, PeerToPeer p2p) {
    return new GpuRequest(host, count, Optional.empty(), p2p);
  }

  static ChassisState bound(ChassisState state, String host, int... slots) {
    for (int slot : slots) {
      state = HostGpusTest.with(state, slot, State.BOUND, host, false);
    }
    return state;
  }

  @Test
  void peer_paths_count_the_inter_switch_hops_the_way_the_chips_are_cascaded() {
    assertEquals(
        Optional.of(new PeerPath.SameSwitch("SW1")), PeerPath.between(EMPTY, "SW1", "SW1"));
    assertEquals(Optional.of(new PeerPath.InterSwitch(1)), PeerPath.between(EMPTY, "SW1", "SW2"));
    assertEquals(Optional.of(new PeerPath.InterSwitch(2)), PeerPath.between(EMPTY, "SW1", "SW3"));
    assertEquals(
        Optional.of(new PeerPath.InterSwitch(3)),
        PeerPath.between(EMPTY, "SW1", "SW4"),
        "one way round");
    assertEquals(
        Optional.of(new PeerPath.InterSwitch(1)),
        PeerPath.between(EMPTY, "SW4", "SW1"),
        "the ring closes");
    assertEquals(Optional.empty(), PeerPath.between(EMPTY, "SW1", "SW9"));
  }

  @Test
  void the_engine_places_on_the_hosts_own_chip_first() {
    Placed placed = ENGINE.place(EMPTY, request("Host3", 3, PeerToPeer.ANY), Set.of());
    assertEquals(List.of(6, 7, 8), placed.slots());
    assertEquals(new PeerPath.SameSwitch("SW2"), placed.betweenGpus());
    assertEquals(new PeerPath.SameSwitch("SW2"), placed.toHost());
  }

  @Test
  void gpus_on_the_hosts_chip_come_first() {
    Placed placed = ENGINE.place(EMPTY, request("Host5", 4, PeerToPeer.SAME_SWITCH), Set.of());
    assertEquals(List.of(11, 12, 13, 14), placed.slots());
    assertEquals(new PeerPath.SameSwitch("SW3"), placed.toHost());
  }

  @Test
  void without_room_on_the_hosts_chip_the_nearest_chip_is_chosen() {
    ChassisState state = bound(EMPTY, "Host5", 11, 12);
    Placed placed = ENGINE.place(state, request("Host5", 4, PeerToPeer.SAME_SWITCH), Set.of());
    // From SW3 the links lead to SW4 (one hop), then SW1 (two), then SW2 (three).
    assertEquals(List.of(16, 17, 18, 19), placed.slots());
    assertEquals(new PeerPath.SameSwitch("SW4"), placed.betweenGpus());
    assertEquals(new PeerPath.InterSwitch(1), placed.toHost());
  }

  @Test
  void a_set_larger_than_a_chip_spills_onto_the_fewest_hops() {
    Placed placed = ENGINE.place(EMPTY, request("Host1", 6, PeerToPeer.ANY), Set.of());
    assertEquals(List.of(1, 2, 3, 4, 6, 7), placed.slots(), "SW1's four, then the nearest chip's");
    assertEquals(new PeerPath.InterSwitch(1), placed.betweenGpus());
    assertEquals(new PeerPath.InterSwitch(1), placed.toHost());

    Placed wide = ENGINE.place(EMPTY, request("Host1", 13, PeerToPeer.ANY), Set.of());
    assertEquals(
        new PeerPath.InterSwitch(3),
        wide.betweenGpus(),
        "13 GPUs need all four chips, three hops end to end");
    assertEquals(new PeerPath.InterSwitch(3), wide.toHost());
  }

  @Test
  void a_requested_model_is_taken_from_the_nearest_chip_that_has_it() {
    GpuRequest l40s =
        new GpuRequest("Host1", 2, Optional.of("NVIDIA L40S"), PeerToPeer.SAME_SWITCH);
    Placed placed = ENGINE.place(EMPTY, l40s, Set.of());
    assertEquals(List.of(11, 12), placed.slots(), "SW3 is two hops from SW1, SW4 three");
    assertEquals(new PeerPath.InterSwitch(2), placed.toHost());
  }

  @Test
  void same_switch_is_refused_with_how_many_one_chip_has() {
    PlacementException refused =
        assertThrows(
            PlacementException.class,
            () ->
                ANYWHERE.place(
                    bound(EMPTY, "Host3", 6),
                    request("Host1", 5, PeerToPeer.SAME_SWITCH),
                    Set.of()));
    assertTrue(
        refused.getMessage().contains("only 4 free GPUs are on any one switch chip"),
        refused.getMessage());
    assertFalse(refused.blockedByReservations());

    // Host1 holds the link SW1 -> SW2 (for slot 6): Host2 reaches only its own chip, where slot 1
    // is taken too.
    PlacementException engine =
        assertThrows(
            PlacementException.class,
            () ->
                ENGINE.place(
                    bound(EMPTY, "Host1", 1, 6),
                    request("Host2", 4, PeerToPeer.SAME_SWITCH),
                    Set.of()));
    assertTrue(
        engine.getMessage().contains("only 3 free GPUs are on any one switch chip"),
        engine.getMessage());

    PlacementException any =
        assertThrows(
            PlacementException.class,
            () -> ENGINE.place(EMPTY, request("Host1", 17, PeerToPeer.ANY), Set.of()));
    assertTrue(any.getMessage().contains("only 16 free GPUs are reachable"), any.getMessage());
  }

  @Test
  void reserved_and_busy_gpus_are_skipped() {
    ChassisState state = HostGpusTest.with(EMPTY, 3, State.BINDING, "Host2", false);
    Placed placed = ENGINE.place(state, request("Host1", 2, PeerToPeer.SAME_SWITCH), Set.of(1));
    assertEquals(List.of(2, 4), placed.slots());

    // Host2 holds the link SW1 -> SW2, so Host1 has only SW1's GPUs, two of them reserved.
    PlacementException refused =
        assertThrows(
            PlacementException.class,
            () ->
                ENGINE.place(
                    bound(EMPTY, "Host2", 6),
                    request("Host1", 3, PeerToPeer.SAME_SWITCH),
                    Set.of(1, 2)));
    assertTrue(refused.blockedByReservations(), "free but reserved: the reservation is in the way");
    assertTrue(refused.getMessage().contains("only 2 free"), refused.getMessage());
  }

  @Test
  void an_ethernet_hosts_gpus_are_the_lowest_free_ones_with_an_engine_and_meet_over_ethernet() {
    ChassisState small =
        SimulatedPlatform.simulatedChassis(
            BoardDescription.loadResource("/board/small-ethernet-board.yaml"));
    Placed placed = ANYWHERE.place(small, request("EthHost1", 2, PeerToPeer.ANY), Set.of());
    assertEquals(List.of(1, 2), placed.slots());
    assertEquals(new PeerPath.OverEthernet(), placed.betweenGpus());
    assertEquals(new PeerPath.OverEthernet(), placed.toHost());
    assertEquals("Ethernet", placed.betweenGpus().kind());
    assertEquals(0, placed.toHost().hops());

    PlacementException refused =
        assertThrows(
            PlacementException.class,
            () -> ANYWHERE.place(small, request("EthHost1", 2, PeerToPeer.SAME_SWITCH), Set.of()));
    assertTrue(refused.getMessage().contains("over Ethernet"), refused.getMessage());
    assertFalse(refused.blockedByReservations());
  }
}
