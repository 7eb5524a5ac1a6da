package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The inventory is read off the samples: once at start, then each period, with one lldpcli run for
 * every port; the views read the last published snapshot, which a failing tool leaves partly absent
 * but never fails.
 */
class PortInventoryWatchTest {

  static final DataPort P1 = new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);
  static final DataPort P2 = new DataPort("NIC1", "2", "2", "enp1s0f1np1", "mlx5_1", 1, 100_000);
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-04T12:00:00Z"), ZoneOffset.UTC);

  /** Tools answering from a map of command lines; anything else fails as a missing tool does. */
  static final class Tools implements ToolRunner {
    final Map<List<String>, String> answers = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

    @Override
    public String run(List<String> command) throws IOException {
      runs.computeIfAbsent(String.join(" ", command), k -> new AtomicInteger()).incrementAndGet();
      String answer = answers.get(command);
      if (answer == null) {
        throw new IOException(command + " exited with 1");
      }
      return answer;
    }

    int runs(String command) {
      return runs.getOrDefault(command, new AtomicInteger()).get();
    }
  }

  static Tools healthyTools() {
    Tools tools = new Tools();
    tools.answers.put(List.of("ethtool", "-m", P1.netdev()), EthtoolModuleTest.QSFP28_SR4);
    tools.answers.put(List.of("ethtool", "-m", P2.netdev()), EthtoolModuleTest.QSFP28_DAC);
    tools.answers.put(List.of("ethtool", "-i", P1.netdev()), NicDriverTest.MLX5);
    tools.answers.put(List.of("ethtool", "-i", P2.netdev()), NicDriverTest.MLX5);
    tools.answers.put(
        PortInventoryReader.LLDP_NEIGHBORS,
        LldpNeighborsTest.TWO_NEIGHBORS.replace("\"eth1\"", "\"" + P1.netdev() + "\""));
    return tools;
  }

  @Test
  void nothing_is_known_before_the_first_reading() {
    PortInventoryWatch watch =
        new PortInventoryWatch(
            List.of(P1, P2), new PortInventoryReader(healthyTools(), CLOCK), Duration.ofMinutes(1));
    assertEquals(List.of(PortInventory.unread(P1), PortInventory.unread(P2)), watch.inventories());
  }

  @Test
  void a_refresh_publishes_every_port_with_one_lldpcli_run() {
    Tools tools = healthyTools();
    PortInventoryWatch watch =
        new PortInventoryWatch(
            List.of(P1, P2), new PortInventoryReader(tools, CLOCK), Duration.ofMinutes(1));
    watch.refresh();
    PortInventory p1 = watch.of(P1).orElseThrow();
    assertEquals("FTLC9551REPM", p1.module().orElseThrow().partNumber().orElseThrow());
    assertEquals(
        "22.39.1002 (MT_0000000359)", p1.driver().orElseThrow().firmwareVersion().orElseThrow());
    assertEquals("swp2", p1.neighbor().orElseThrow().portId());
    assertEquals(Optional.of(CLOCK.instant()), p1.readAt());
    PortInventory p2 = watch.of(P2).orElseThrow();
    assertTrue(p2.module().orElseThrow().copper());
    // lldpd answered, without a partner on this port
    assertEquals(Optional.of(Optional.empty()), p2.lldp());
    assertEquals(1, tools.runs("lldpcli -f json0 show neighbors details"));
    assertEquals(1, tools.runs("ethtool -m " + P2.netdev()));
  }

  @Test
  void the_snapshot_stands_until_the_next_refresh() {
    Tools tools = healthyTools();
    PortInventoryWatch watch =
        new PortInventoryWatch(
            List.of(P1, P2), new PortInventoryReader(tools, CLOCK), Duration.ofMinutes(1));
    watch.refresh();
    List<PortInventory> before = watch.inventories();
    tools.answers.remove(List.of("ethtool", "-m", P1.netdev()));
    assertSame(before.get(0), watch.inventories().get(0), "read only by a refresh");
    watch.refresh();
    assertNotSame(before.get(0), watch.inventories().get(0));
    assertEquals(Optional.empty(), watch.of(P1).orElseThrow().module());
  }

  @Test
  void failing_tools_leave_their_parts_absent() {
    Tools none = new Tools(); // no ethtool answers, no lldpd
    PortInventoryWatch watch =
        new PortInventoryWatch(
            List.of(P1), new PortInventoryReader(none, CLOCK), Duration.ofMinutes(1));
    watch.refresh();
    PortInventory p1 = watch.of(P1).orElseThrow();
    assertEquals(Optional.empty(), p1.module());
    assertEquals(Optional.empty(), p1.driver());
    assertEquals(Optional.empty(), p1.lldp(), "no lldpd: LLDP unknown, not an error");
    assertEquals(Optional.of(CLOCK.instant()), p1.readAt());
  }

  @Test
  void started_it_reads_at_once_and_again_every_period() throws Exception {
    Tools tools = healthyTools();
    try (PortInventoryWatch watch =
        new PortInventoryWatch(
            List.of(P1, P2), new PortInventoryReader(tools, CLOCK), Duration.ofMillis(100))) {
      watch.start();
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (tools.runs("lldpcli -f json0 show neighbors details") < 3
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertTrue(tools.runs("lldpcli -f json0 show neighbors details") >= 3);
      assertTrue(watch.of(P1).orElseThrow().module().isPresent());
    }
  }
}
