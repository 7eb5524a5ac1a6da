package io.gpuchassis.agent.sim.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortReader;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.security.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fault injected into a running simulated port: the tree replays the fault's trace from that
 * moment and its recovery once cleared, every counter and the carrier changes going on from where
 * they stood, as on a port whose link starts misbehaving.
 */
class PortFaultReplayTest {

  private static final Instant T0 = Instant.parse("2026-12-04T12:00:00Z");
  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, Traces.SPEED_MBPS);

  @TempDir Path root;

  private final MutableClock clock = new MutableClock(T0);

  @Test
  void a_pause_storm_counts_on_from_the_healthy_counts_and_stops_when_cleared() {
    SimulatedPortTree tree = tree();
    advance(10);
    PortReading before = read(tree);
    tree.replay(PortFaultTraces.PAUSE_STORM.fault());
    advance(10);
    PortReading storm = read(tree);
    // 10 s healthy (20 a second), then 10 s of storm (6,000 a second)
    assertEquals(200, pfc(before));
    assertEquals(200 + 60_000, pfc(storm));
    assertEquals(10 * 10_000_000_000L + 10 * 1_000_000_000L, rxBytes(storm));
    tree.replay(PortFaultTraces.PAUSE_STORM.recovery());
    advance(10);
    assertEquals(200 + 60_000 + 200, pfc(read(tree)));
  }

  @Test
  void a_flapping_link_cleared_while_down_comes_back_with_one_more_change() {
    SimulatedPortTree tree = tree();
    advance(10);
    tree.replay(PortFaultTraces.FLAPPING_LINK.fault());
    clock.advance(Duration.ofMillis(4_500)); // down at 0, up at 1, down at 2, up at 3, down at 4 s
    PortReading flapping = read(tree);
    assertEquals(false, flapping.linkUp());
    assertEquals(5, flapping.carrierChanges().getAsLong());
    tree.replay(PortFaultTraces.FLAPPING_LINK.recovery());
    PortReading back = read(tree);
    assertEquals(true, back.linkUp());
    assertEquals(6, back.carrierChanges().getAsLong());
    assertEquals(3, back.counter(CounterSource.ETHTOOL, "link_down_events_phy").getAsLong());
  }

  @Test
  void a_slow_link_drops_comes_back_at_25_gbps_and_drops_again_when_cleared() {
    SimulatedPortTree tree = tree();
    tree.replay(PortFaultTraces.SLOW_LINK.fault());
    advance(2);
    assertEquals(false, read(tree).linkUp());
    advance(5);
    assertEquals(25_000, read(tree).speedMbps().getAsInt());
    tree.replay(PortFaultTraces.SLOW_LINK.recovery());
    advance(2);
    assertEquals(false, read(tree).linkUp());
    advance(5);
    assertEquals(Traces.SPEED_MBPS, read(tree).speedMbps().getAsInt());
    assertEquals(4, read(tree).carrierChanges().getAsLong());
  }

  @Test
  void the_gid_table_in_use_is_read_by_index_and_the_unused_entry_left_out() {
    var gids = read(tree()).gids();
    assertEquals(4, gids.size(), gids.toString());
    assertEquals(java.util.List.of(0, 1, 2, 3), gids.stream().map(g -> g.index()).toList());
    assertEquals("RoCE v2", gids.get(3).type());
    assertEquals(true, gids.get(3).gid().startsWith("0000:0000:0000:0000:0000:ffff:c0a8:"));
    assertEquals(true, gids.get(0).gid().startsWith("fe80:"));
  }

  private SimulatedPortTree tree() {
    return new SimulatedPortTree(
        root, "enp1s0f0np0", "mlx5_0", 1, PortFaultTraces.healthy(), clock);
  }

  private PortReading read(SimulatedPortTree tree) {
    tree.refresh();
    return new PortReader(PORT, root, new SimulatedTools(root), clock).read();
  }

  private void advance(int seconds) {
    clock.advance(Duration.ofSeconds(seconds));
  }

  private static long pfc(PortReading r) {
    return r.counter(CounterSource.ETHTOOL, "rx_prio3_pause").getAsLong();
  }

  private static long rxBytes(PortReading r) {
    return r.counter(CounterSource.NETDEV, "rx_bytes").getAsLong();
  }
}
