package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.security.MutableClock;
import io.gpuchassis.agent.sim.ethernet.PortFaultTraces;
import io.gpuchassis.agent.sim.ethernet.SimulatedPortTree;
import io.gpuchassis.agent.sim.ethernet.SimulatedTools;
import io.gpuchassis.agent.sim.ethernet.Traces;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watch over the board's ports, stepped by hand: each period's statuses are published before
 * what the period raised is passed on, so whoever is told of a condition finds it on the port.
 */
class PortWatchTest {

  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, Traces.SPEED_MBPS);

  @TempDir Path root;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-04T12:00:00Z"));

  @Test
  void a_condition_is_on_the_port_before_it_is_told_and_gone_before_its_clear_is_told() {
    SimulatedPortTree tree =
        new SimulatedPortTree(
            root, PORT.netdev(), PORT.rdmaDevice(), 1, PortFaultTraces.healthy(), clock);
    List<String> seen = new ArrayList<>();
    PortWatch[] watch = new PortWatch[1];
    watch[0] =
        new PortWatch(
            List.of(PORT),
            p ->
                () -> {
                  tree.refresh();
                  return new PortReader(p, root, new SimulatedTools(root), clock).read();
                },
            PortThresholds.DEFAULTS,
            (port, message) ->
                seen.add(
                    message.definition().key()
                        + " "
                        + watch[0].status("NIC1", "1").orElseThrow().conditions()),
            Duration.ofSeconds(1));
    assertTrue(watch[0].status("NIC1", "1").orElseThrow().reading().isEmpty(), "not read yet");
    watch[0].sampleAll();
    tree.replay(PortFaultTraces.PAUSE_STORM.fault());
    clock.advance(Duration.ofSeconds(1));
    watch[0].sampleAll();
    PortStatus storm = watch[0].status("NIC1", "1").orElseThrow();
    assertEquals(Set.of(PortCondition.RX_PAUSE_STORM), storm.conditions());
    assertEquals(
        6000.0,
        storm
            .period()
            .orElseThrow()
            .perSecond(CounterSource.ETHTOOL, "rx_prio3_pause")
            .getAsDouble());
    tree.replay(PortFaultTraces.PAUSE_STORM.recovery());
    clock.advance(Duration.ofSeconds(1));
    watch[0].sampleAll();
    assertEquals(
        List.of(
            "ResourceWarningThresholdExceeded [RX_PAUSE_STORM]",
            "ResourceWarningThresholdCleared []"),
        seen);
  }
}
