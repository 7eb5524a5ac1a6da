package io.gpuchassis.agent.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemdNotifierTest {

  @TempDir Path dir;

  @Test
  void a_path_address_is_the_family_then_the_path_with_its_nul() {
    byte[] family =
        ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? new byte[] {1, 0} : new byte[] {0, 1};
    assertArrayEquals(
        new byte[] {family[0], family[1], '/', 'r', '/', 'n', 0}, NotifySocket.address("/r/n"));
  }

  @Test
  void an_abstract_address_starts_with_nul_and_has_no_trailing_nul() {
    byte[] address = NotifySocket.address("@sd");
    assertEquals(5, address.length);
    assertEquals(0, address[2]);
    assertEquals('d', address[4]);
  }

  @Test
  void relative_or_overlong_addresses_are_refused() {
    assertThrows(IllegalArgumentException.class, () -> NotifySocket.address("run/notify"));
    assertThrows(IllegalArgumentException.class, () -> NotifySocket.address("/" + "x".repeat(107)));
  }

  @Test
  void without_notify_socket_nothing_is_sent() {
    SystemdNotifier notifier = SystemdNotifier.from(Map.of());
    assertFalse(notifier.enabled());
    assertFalse(notifier.send("READY=1"));
  }

  @Test
  void messages_reach_a_socket_on_a_path() throws Exception {
    try (NotifyReceiver systemd = NotifyReceiver.bind(dir.resolve("notify").toString())) {
      SystemdNotifier notifier = SystemdNotifier.from(Map.of("NOTIFY_SOCKET", systemd.address()));
      notifier.ready("up");
      assertEquals(
          "READY=1\nSTATUS=up\nMAINPID=" + ProcessHandle.current().pid(),
          systemd.next(Duration.ofSeconds(5)));
      notifier.alive();
      assertEquals("WATCHDOG=1", systemd.next(Duration.ofSeconds(5)));
    }
  }

  @Test
  void messages_reach_an_abstract_socket() throws Exception {
    try (NotifyReceiver systemd = NotifyReceiver.bind("@bmc-agent-test-" + UUID.randomUUID())) {
      SystemdNotifier.from(Map.of("NOTIFY_SOCKET", systemd.address())).stopping("going");
      assertEquals("STOPPING=1\nSTATUS=going", systemd.next(Duration.ofSeconds(5)));
    }
  }

  @Test
  void a_socket_nobody_listens_on_is_reported_not_thrown() {
    SystemdNotifier notifier =
        SystemdNotifier.from(Map.of("NOTIFY_SOCKET", dir.resolve("nobody").toString()));
    assertTrue(notifier.enabled());
    assertFalse(notifier.send("READY=1"));
  }

  @Test
  void the_watchdog_timeout_is_ours_only_when_the_pid_matches_or_is_not_given() {
    assertEquals(
        Optional.of(Duration.ofSeconds(30)),
        Watchdog.timeout(Map.of("WATCHDOG_USEC", "30000000"), 7));
    assertEquals(
        Optional.of(Duration.ofMillis(200)),
        Watchdog.timeout(Map.of("WATCHDOG_USEC", "200000", "WATCHDOG_PID", "7"), 7));
    assertEquals(
        Optional.empty(),
        Watchdog.timeout(Map.of("WATCHDOG_USEC", "200000", "WATCHDOG_PID", "8"), 7));
    assertEquals(Optional.empty(), Watchdog.timeout(Map.of("WATCHDOG_USEC", "soon"), 7));
    assertEquals(Optional.empty(), Watchdog.timeout(Map.of(), 7));
  }
}
