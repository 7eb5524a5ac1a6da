package io.gpuchassis.agent.console.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.ethernet.CounterKey;
import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortCondition;
import io.gpuchassis.agent.ethernet.PortRates;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.ethernet.RoundTrip;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DataPortsViewTest {

  static final DataPort P1 = new DataPort("NIC1", "1", "1", "enp1s0f0np0", "mlx5_0", 1, 100_000);
  static final DataPort P2 = new DataPort("NIC1", "2", "2", "enp1s0f1np1", "mlx5_1", 1, 100_000);

  static PortReading reading(boolean up) {
    return new PortReading(
        Instant.EPOCH,
        Optional.of(up ? "up" : "down"),
        Optional.of(up),
        up ? OptionalInt.of(100_000) : OptionalInt.empty(),
        OptionalLong.of(2),
        Map.of());
  }

  static List<String> cells(String line) {
    return Arrays.asList(line.trim().split("\\s{2,}"));
  }

  @Test
  void a_port_in_a_pause_storm_shows_its_condition_and_the_periods_rates() {
    PortReading now = reading(true);
    PortRates period =
        new PortRates(
            now,
            Duration.ofSeconds(5),
            Map.of(
                new CounterKey(CounterSource.ETHTOOL, "rx_prio3_pause"), 50_000L,
                new CounterKey(CounterSource.ETHTOOL, "rx_prio0_pause"), 5_000L,
                new CounterKey(CounterSource.ETHTOOL, "tx_prio3_pause"), 0L,
                new CounterKey(CounterSource.RDMA_HW, "out_of_sequence"), 10L),
            0);
    List<String> lines =
        new DataPortsView()
            .render(
                List.of(
                    new PortStatus(
                        P1,
                        Optional.of(now),
                        Optional.of(period),
                        Set.of(PortCondition.RX_PAUSE_STORM)),
                    new PortStatus(P2, Optional.of(reading(false)), Optional.empty(), Set.of())));
    assertEquals(
        List.of("Port", "If", "Link", "Health", "Conditions", "RxPFC/s", "TxPFC/s", "OOS/s"),
        cells(lines.get(0)));
    assertEquals(
        List.of("NIC1/1", "enp1s0f0np0", "up 100G", "Warning", "rx-pause-storm", "11000", "0", "2"),
        cells(lines.get(2)));
    assertEquals(
        List.of("NIC1/2", "enp1s0f1np1", "down", "OK", "-", "-", "-", "-"), cells(lines.get(3)));
  }

  @Test
  void a_port_not_read_yet_is_unknown_and_a_board_without_ports_says_so() {
    List<String> lines = new DataPortsView().render(List.of(PortStatus.unread(P1)));
    assertEquals(
        List.of("NIC1/1", "enp1s0f0np0", "unknown", "Unknown", "-", "-", "-", "-"),
        cells(lines.get(2)));
    assertEquals(
        List.of("The board names no data-path ports (docs/BOARD.md, networkAdapters)."),
        new DataPortsView().render(List.of()));
  }

  @Test
  void the_round_trips_follow_the_ports_one_row_each() {
    RoundTrip slow =
        new RoundTrip(
            P1,
            "192.0.2.1",
            100,
            Optional.of(
                new io.gpuchassis.agent.ethernet.PingSummary(
                    5,
                    5,
                    0,
                    Optional.of(
                        new io.gpuchassis.agent.ethernet.PingSummary.Rtt(260, 271, 290, 9)))),
            Optional.of(Instant.EPOCH),
            Set.of(RoundTrip.Condition.SLOW));
    RoundTrip lost =
        new RoundTrip(
            P2,
            "192.0.2.2",
            100,
            Optional.of(new io.gpuchassis.agent.ethernet.PingSummary(5, 0, 100, Optional.empty())),
            Optional.of(Instant.EPOCH),
            Set.of(RoundTrip.Condition.LOSS));
    List<String> lines =
        new DataPortsView()
            .render(List.of(PortStatus.unread(P1), PortStatus.unread(P2)), List.of(slow, lost));
    int blank = lines.indexOf("");
    assertEquals(4, blank, "the ports' table first: " + lines);
    assertEquals(
        List.of("Port", "Peer", "Avg us", "Max us", "Loss %", "Health"), cells(lines.get(5)));
    assertEquals(List.of("NIC1/1", "192.0.2.1", "271", "290", "0", "Warning"), cells(lines.get(7)));
    assertEquals(List.of("NIC1/2", "192.0.2.2", "-", "-", "100", "Warning"), cells(lines.get(8)));
    assertEquals(
        4,
        new DataPortsView().render(List.of(PortStatus.unread(P1), PortStatus.unread(P2))).size(),
        "no probe, no second table");
  }
}
