package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.message.MessageInstance;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The probe's judgement: raised once, cleared once, nothing for a fine first probe. */
class RoundTripWatchTest {

  private static final DataPort PORT = new DataPort("NIC1", "1", "1", "eth0", "mlx5_0", 1, 100_000);
  private static final DataPort OTHER =
      new DataPort("NIC1", "2", "2", "eth1", "mlx5_1", 1, 100_000);

  /** What ping answers next: a summary's statistics, or a failure. */
  private String next;

  private final List<String> raised = new ArrayList<>();

  private final RoundTripWatch watch =
      new RoundTripWatch(
          Map.of(PORT, "192.0.2.1"),
          new RoundTripProbe(
              c -> {
                if (next.startsWith("exit ")) {
                  throw new IOException(c + " exited with " + next.substring(5));
                }
                return next;
              },
              5),
          100,
          (port, m) -> raised.add(port.netdev() + " " + text(m)),
          Duration.ofSeconds(30),
          Clock.fixed(Instant.parse("2026-12-04T20:00:00Z"), ZoneOffset.UTC));

  private static String text(MessageInstance m) {
    return m.definition().messageId().replaceAll(".*\\.", "") + " " + m.args();
  }

  private static String replies(long avgMicros, int received) {
    return "PING 192.0.2.1 (192.0.2.1) from 192.0.2.101 eth0: 56(84) bytes of data.\n\n"
        + "--- 192.0.2.1 ping statistics ---\n"
        + "5 packets transmitted, "
        + received
        + " received, "
        + (5 - received) * 20
        + "% packet loss, time 801ms\n"
        + String.format(
            "rtt min/avg/max/mdev = 0.%03d/0.%03d/0.%03d/0.001 ms\n",
            avgMicros - 1, avgMicros, avgMicros + 1);
  }

  @Test
  void a_fine_first_probe_raises_nothing_and_is_published() {
    assertEquals(Optional.empty(), watch.of(PORT).orElseThrow().summary());
    next = replies(21, 5);
    watch.probeAll();
    assertEquals(List.of(), raised);
    RoundTrip r = watch.of(PORT).orElseThrow();
    assertEquals(21, r.summary().orElseThrow().rtt().orElseThrow().avgMicros());
    assertEquals(Optional.of(Instant.parse("2026-12-04T20:00:00Z")), r.probedAt());
    assertFalse(r.warning());
    assertEquals(Optional.empty(), watch.of(OTHER), "a port without a peer is not probed");
  }

  @Test
  void a_slow_round_trip_is_raised_once_and_cleared_once() {
    next = replies(271, 5);
    watch.probeAll();
    watch.probeAll();
    assertEquals(
        List.of("eth0 ResourceWarningThresholdExceeded [AverageMicroseconds, 100]"), raised);
    assertEquals(Set.of(RoundTrip.Condition.SLOW), watch.of(PORT).orElseThrow().conditions());
    assertTrue(watch.of(PORT).orElseThrow().warning());
    next = replies(22, 5);
    watch.probeAll();
    watch.probeAll();
    assertEquals(
        List.of(
            "eth0 ResourceWarningThresholdExceeded [AverageMicroseconds, 100]",
            "eth0 ResourceWarningThresholdCleared [AverageMicroseconds, 100]"),
        raised);
    assertFalse(watch.of(PORT).orElseThrow().warning());
  }

  @Test
  void no_reply_is_a_loss_which_a_reply_clears_while_a_failed_probe_changes_nothing() {
    next = "exit 1";
    watch.probeAll();
    assertEquals(List.of("eth0 ResourceWarningThresholdExceeded [LossPercent, 50]"), raised);
    assertEquals(100.0, watch.of(PORT).orElseThrow().summary().orElseThrow().lossPercent());
    next = "exit 2: ping: SO_BINDTODEVICE eth0: No such device";
    watch.probeAll();
    assertEquals(Set.of(RoundTrip.Condition.LOSS), watch.of(PORT).orElseThrow().conditions());
    next = replies(20, 4); // 20 % lost: under the level
    watch.probeAll();
    assertEquals(
        List.of(
            "eth0 ResourceWarningThresholdExceeded [LossPercent, 50]",
            "eth0 ResourceWarningThresholdCleared [LossPercent, 50]"),
        raised);
  }

  @Test
  void a_configured_port_the_board_does_not_have_is_named() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RoundTripWatch.peers(List.of(PORT, OTHER), Map.of("NIC2/1", "192.0.2.1")));
    assertEquals(
        "NIC2/1 is not a data-path port of the board (it has NIC1/1, NIC1/2)", e.getMessage());
    assertEquals(
        Map.of(OTHER, "2001:db8::2"),
        RoundTripWatch.peers(List.of(PORT, OTHER), Map.of("NIC1/2", "2001:db8::2")));
  }
}
