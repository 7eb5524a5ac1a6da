package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.security.MutableClock;
import io.gpuchassis.agent.sim.ethernet.CounterTrace;
import io.gpuchassis.agent.sim.ethernet.Mlx5Counters;
import io.gpuchassis.agent.sim.ethernet.SimulatedPortTree;
import io.gpuchassis.agent.sim.ethernet.SimulatedTools;
import io.gpuchassis.agent.sim.ethernet.Traces;
import io.gpuchassis.agent.sim.ethernet.TreeCounter;
import io.gpuchassis.redfish.message.MessageInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The port monitor on the simulated tree's replayed traces, the clock moved by hand one sampling
 * period at a time: each fault raises its event in the first period inside it and clears it in the
 * first period after it, and every counter's increase is what the trace counted.
 */
class PortFaultsTest {

  private static final Duration PERIOD = Duration.ofSeconds(5);
  private static final Instant T0 = Instant.parse("2026-12-04T12:00:00Z");
  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, Traces.SPEED_MBPS);

  @TempDir Path root;

  private final MutableClock clock = new MutableClock(T0);
  private final List<String> events = new ArrayList<>();
  private CounterTrace trace;
  private SimulatedPortTree tree;
  private PortMonitor monitor;

  @Test
  void a_steady_link_raises_nothing_and_counts_what_the_trace_counts() {
    start(Traces.steady());
    for (int i = 0; i < 12; i++) {
      PortRates period = step();
      assertEquals(1e10, period.perSecond(CounterSource.NETDEV, "rx_bytes").getAsDouble());
      assertEquals(20.0, period.perSecond(CounterSource.ETHTOOL, "rx_prio3_pause").getAsDouble());
      assertEquals(200.0, period.perSecond(CounterSource.RDMA_HW, "np_cnp_sent").getAsDouble());
    }
    assertEquals(List.of(), events);
  }

  @Test
  void a_pause_storm_is_raised_in_its_first_period_and_cleared_in_the_first_after_it() {
    start(Traces.pauseStorm());
    runTo(Duration.ofSeconds(90));
    assertEquals(
        List.of(
            "35 ResourceWarningThresholdExceeded [RXPFCFrames, 1000]",
            "65 ResourceWarningThresholdCleared [RXPFCFrames, 1000]"),
        events);
  }

  @Test
  void a_stuck_receiver_sending_pauses_and_then_stalling_is_one_storm_from_start_to_end() {
    start(Traces.stuckReceiver());
    runTo(Duration.ofSeconds(90));
    // 45..60 s the NIC sends no pause frames any more: its stall watch keeps the storm raised.
    assertEquals(
        List.of(
            "35 ResourceWarningThresholdExceeded [TXPFCFrames, 1000]",
            "65 ResourceWarningThresholdCleared [TXPFCFrames, 1000]"),
        events);
  }

  @Test
  void a_lossy_link_is_raised_and_cleared_and_its_rate_survives_the_32_bit_wrap() throws Exception {
    start(Traces.lossyLink());
    Path counter = root.resolve("sys/class/infiniband/mlx5_0/ports/1/hw_counters/out_of_sequence");
    List<Long> shown = new ArrayList<>();
    for (int s = 5; s <= 90; s += 5) {
      PortRates period = step();
      shown.add(Long.parseLong(Files.readString(counter).strip()));
      boolean lossy = s > 30 && s <= 60;
      assertEquals(
          lossy ? 50.0 : 0.0,
          period.perSecond(CounterSource.RDMA_HW, "out_of_sequence").getAsDouble(),
          "at " + s + " s");
    }
    assertTrue(shown.get(9) < shown.get(8), "the counter wrapped at 50 s: " + shown);
    assertEquals(
        List.of(
            "35 ResourceWarningThresholdExceeded [out_of_sequence+packet_seq_err, 1]",
            "35 ResourceWarningThresholdExceeded [rx_pcs_symbol_err_phy, 1]",
            "65 ResourceWarningThresholdCleared [out_of_sequence+packet_seq_err, 1]",
            "65 ResourceWarningThresholdCleared [rx_pcs_symbol_err_phy, 1]"),
        events);
  }

  @Test
  void a_flapping_link_is_raised_in_its_first_period_and_cleared_once_its_window_has_passed() {
    start(Traces.flappingLink());
    runTo(Duration.ofSeconds(400));
    List<String> flaps = events.stream().filter(e -> !e.contains("Connection")).toList();
    // 30..35 s: down and back three times. The flaps of 55..60 s leave the 5-minute window at 360
    // s, those of 50..55 s at 355 s, when two flaps are left in it.
    assertEquals(
        List.of(
            "35 LinkFlapDetected [NIC1, 1, 1, 3, 5]",
            "355 ResourceWarningThresholdCleared [LinkTransitionIndicator, 6]"),
        flaps);
    assertEquals("30 ConnectionDropped [NIC1, 1, 1]", events.get(0));
    assertTrue(events.stream().filter(e -> e.contains("Connection")).allMatch(this::beforeSixty));
  }

  @Test
  void a_link_back_at_a_quarter_of_its_speed_is_degraded_and_low_until_it_is_back_at_full() {
    start(Traces.slowLink());
    runTo(Duration.ofSeconds(90));
    assertEquals(
        List.of(
            "30 ConnectionDropped [NIC1, 1, 1]",
            "35 DegradedConnectionEstablished [NIC1, 1, 1]",
            "35 ConnectionSpeedLow [NIC1, 1, 1, 25, 100]",
            "65 ConnectionDropped [NIC1, 1, 1]",
            "70 ConnectionEstablished [NIC1, 1, 1]",
            "70 ResourceWarningThresholdCleared [CurrentSpeedGbps, 100]"),
        events);
  }

  @Test
  void counters_reset_mid_period_count_from_zero_and_raise_nothing() {
    start(Traces.steady());
    runTo(Duration.ofSeconds(30));
    clock.advance(Duration.ofSeconds(2));
    tree.resetCounters();
    clock.advance(Duration.ofSeconds(3));
    tree.refresh();
    PortRates period = monitor.sample().orElseThrow();
    // Counted since the reset 3 s ago, spread over the 5 s period: a lower bound, never a spike.
    assertEquals(
        3 * 10_000_000_000L,
        period.increases().get(new CounterKey(CounterSource.NETDEV, "rx_bytes")));
    assertEquals(List.of(), events);
  }

  private void start(CounterTrace replayed) {
    trace = replayed;
    tree = new SimulatedPortTree(root, PORT.netdev(), PORT.rdmaDevice(), 1, trace, clock);
    PortReader reader = new PortReader(PORT, root, new SimulatedTools(root), clock);
    monitor =
        new PortMonitor(
            PORT,
            reader,
            PortThresholds.DEFAULTS,
            (port, m) -> events.add(seconds() + " " + describe(m)));
    assertTrue(monitor.sample().isEmpty(), "the first reading has nothing to compare with");
  }

  private void runTo(Duration end) {
    while (Duration.between(T0, clock.instant()).compareTo(end) < 0) {
      step();
    }
  }

  /** One sampling period: the clock moves, the tree shows the new time, the monitor samples. */
  private PortRates step() {
    Duration before = Duration.between(T0, clock.instant());
    clock.advance(PERIOD);
    tree.refresh();
    PortRates period = monitor.sample().orElseThrow();
    assertEquals(PERIOD, period.elapsed());
    assertCountsAreTheTraces(period, before, before.plus(PERIOD));
    return period;
  }

  private void assertCountsAreTheTraces(PortRates period, Duration from, Duration to) {
    for (TreeCounter c : Mlx5Counters.all()) {
      if (c.name().equals("link_down_events_phy")) {
        continue; // follows the link, not a rate of the trace
      }
      Long increase = period.increases().get(new CounterKey(source(c), c.name()));
      assertEquals(trace.count(c, to) - trace.count(c, from), increase, c + " at " + to);
    }
  }

  private static CounterSource source(TreeCounter c) {
    return switch (c.place()) {
      case NETDEV -> CounterSource.NETDEV;
      case HW_COUNTERS -> CounterSource.RDMA_HW;
      case PORT_COUNTERS -> CounterSource.RDMA_PORT;
      case ETHTOOL -> CounterSource.ETHTOOL;
    };
  }

  private long seconds() {
    return Duration.between(T0, clock.instant()).toSeconds();
  }

  private boolean beforeSixty(String event) {
    return Long.parseLong(event.substring(0, event.indexOf(' '))) <= 60;
  }

  private static String describe(MessageInstance m) {
    return m.definition().key() + " " + m.args();
  }
}
