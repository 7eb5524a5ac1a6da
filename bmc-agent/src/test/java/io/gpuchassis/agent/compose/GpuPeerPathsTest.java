package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.compose.PlacementTest.EMPTY;
import static io.gpuchassis.agent.compose.PlacementTest.bound;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.compose.GpuPeerPaths.Composition;
import io.gpuchassis.agent.compose.GpuPeerPaths.Kind;
import io.gpuchassis.agent.compose.GpuPeerPaths.Pair;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Peer paths on the reference chassis (SW1 slots 1-4 with Host1/Host2, SW2 slots 6-9 with
 * Host3/Host4, SW3 11-14, SW4 16-19 with Host7/Host8; links one way round SW1 -> SW2 -> SW3 -> SW4
 * -> SW1): the hosts' bindings decide, and a pair not composed gets the best host's path.
 */
class GpuPeerPathsTest {

  static Pair pair(ChassisState state, int a, int b) {
    return GpuPeerPaths.of(state).stream()
        .filter(p -> p.slotA() == a && p.slotB() == b)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void every_pair_of_occupied_slots_once_lower_slot_first() {
    List<Pair> pairs = GpuPeerPaths.of(EMPTY);
    assertEquals(16 * 15 / 2, pairs.size(), "16 GPUs, slots 5, 10, 15 and 20 empty");
    assertTrue(pairs.stream().allMatch(p -> p.slotA() < p.slotB()));
    assertTrue(pairs.stream().noneMatch(p -> p.slotA() % 5 == 0 || p.slotB() % 5 == 0));
  }

  @Test
  void free_gpus_on_one_chip_are_same_switch_with_their_own_links_the_limit() {
    Pair p = pair(EMPTY, 1, 2);
    assertEquals(Kind.SAME_SWITCH, p.kind());
    assertEquals(0, p.hops());
    assertEquals(Composition.NOT_COMPOSED, p.composition());
    assertEquals(Optional.of("Host1"), p.host(), "the first host port of their chip");
    assertTrue(p.peerToPeer());
    GpuPeerPaths.LimitingLink limit = p.limit().orElseThrow();
    assertEquals(16, limit.width());
    assertEquals(5, limit.generation(), "an H100 PCIe in a Gen5 slot");
    assertFalse(limit.negotiated(), "an unbound slot has no link: what it should train to");
  }

  @Test
  void free_gpus_get_the_shortest_path_any_host_port_gives() {
    // Below Host1 (SW1) the GPU on SW4 is three links away; below Host3 (SW2) both chains run
    // SW2 -> SW3 -> SW4 and only SW4 -> SW1 lies between the two: the first host port at one hop.
    Pair p = pair(EMPTY, 1, 16);
    assertEquals(Kind.INTER_SWITCH, p.kind());
    assertEquals(1, p.hops());
    assertEquals(Optional.of("Host3"), p.host());
  }

  @Test
  void gpus_bound_to_one_host_are_described_in_that_hosts_hierarchy() {
    Pair p = pair(bound(EMPTY, "Host1", 1, 16), 1, 16);
    assertEquals(Composition.SAME_HOST, p.composition());
    assertEquals(Kind.INTER_SWITCH, p.kind());
    assertEquals(3, p.hops(), "below Host1 the path to SW4 is SW1 -> SW2 -> SW3 -> SW4");
    assertEquals(Optional.of("Host1"), p.host());
    assertTrue(p.peerToPeer());

    // Two chips below the host's: traffic climbs to where their chains part.
    Pair below = pair(bound(EMPTY, "Host1", 11, 16), 11, 16);
    assertEquals(1, below.hops(), "SW3 and SW4 share Host1's chain as far as SW3");

    Pair same = pair(bound(EMPTY, "Host3", 6, 7), 6, 7);
    assertEquals(Kind.SAME_SWITCH, same.kind());
    assertEquals(Composition.SAME_HOST, same.composition());
    assertTrue(same.peerToPeer(), "two GPUs of one host on one switch: P2P directly");
  }

  @Test
  void gpus_bound_to_different_hosts_have_no_path() {
    Pair p = pair(bound(bound(EMPTY, "Host1", 1), "Host2", 2), 1, 2);
    assertEquals(Kind.NONE, p.kind());
    assertEquals(Composition.DIFFERENT_HOSTS, p.composition());
    assertFalse(p.peerToPeer());
    assertEquals(Optional.empty(), p.host());
    assertEquals(Optional.empty(), p.limit());
  }

  @Test
  void one_bound_and_one_free_is_not_composed() {
    Pair p = pair(bound(EMPTY, "Host1", 1), 1, 2);
    assertEquals(Composition.NOT_COMPOSED, p.composition());
    assertEquals(Kind.SAME_SWITCH, p.kind());
  }

  @Test
  void without_links_between_their_chips_they_meet_only_through_a_host() {
    ChassisState unlinked =
        new ChassisState(
            EMPTY.generation(),
            EMPTY.identity(),
            EMPTY.switches(),
            List.of(),
            EMPTY.hosts(),
            EMPTY.slots(),
            EMPTY.fans(),
            EMPTY.powerSupplies(),
            EMPTY.programmableParts(),
            EMPTY.temperatureSensors(),
            EMPTY.switchObservations(),
            EMPTY.bindings());
    Pair p = pair(unlinked, 1, 6);
    assertEquals(Kind.THROUGH_HOST, p.kind());
    assertFalse(p.peerToPeer(), "DMA would cross a root complex");
    assertEquals(Optional.empty(), p.host());
    assertEquals(Kind.SAME_SWITCH, pair(unlinked, 1, 2).kind());
  }

  @Test
  void placement_reports_the_same_path_between_a_hosts_gpus() {
    ChassisState state = bound(EMPTY, "Host1", 1, 11, 16);
    PeerPath placed =
        Placement.describe(state, "Host1", List.of(1, 11, 16)).orElseThrow().betweenGpus();
    int longest =
        GpuPeerPaths.of(state).stream()
            .filter(p -> p.composition() == Composition.SAME_HOST)
            .mapToInt(Pair::hops)
            .max()
            .orElseThrow();
    assertEquals(3, longest);
    assertEquals(new PeerPath.InterSwitch(longest), placed);
  }
}
