package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.security.SecurityLog.Origin;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.message.AccountSecurityMessages;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecurityLogTest {

  @TempDir Path stateDir;
  private final MutableClock clock = new MutableClock();
  private AgentStore store;

  @BeforeEach
  void open() {
    store = AgentStore.open(stateDir);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private SecurityLog log(int capacity, int unauthenticated) {
    return new SecurityLog(
        store, clock, capacity, unauthenticated, new RepeatSummary(Duration.ofSeconds(60), 1000));
  }

  private static void created(SecurityLog log, String name) {
    log.record(
        Origin.AUTHENTICATED,
        AccountSecurityMessages.ACCOUNT_CREATED,
        List.of(name),
        "admin",
        "10.0.0.1");
  }

  private static void guessed(SecurityLog log, String name, String address) {
    log.record(
        Origin.UNAUTHENTICATED,
        AccountSecurityMessages.INVALID_CREDENTIALS,
        List.of(name, "HTTP Basic"),
        name,
        address);
  }

  @Test
  void unauthenticated_entries_wrap_in_their_own_share_and_never_push_out_changes() {
    SecurityLog log = log(100, 20);
    created(log, "witness");
    for (int i = 0; i < 500; i++) {
      guessed(log, "user" + i, "10.0.9." + (i % 250));
    }
    List<SecurityLog.Entry> entries = log.entries();
    assertEquals(
        "AccountSecurity.1.0.1.AccountCreated",
        entries.get(0).messageId(),
        "the change is still there");
    assertEquals(21, entries.size());
    assertEquals(21, log(100, 20).entries().size(), "and so after a restart");
  }

  @Test
  void authenticated_entries_wrap_within_the_rest() {
    SecurityLog log = log(100, 20);
    guessed(log, "someone", "10.0.0.9");
    for (int i = 0; i < 200; i++) {
      created(log, "a" + i);
    }
    assertEquals(81, log.entries().size());
    assertTrue(
        log.entries().get(0).messageId().endsWith("InvalidCredentials"),
        "one share does not eat the other");
  }

  @Test
  void repeated_failures_are_recorded_once_then_summarised_with_their_count() {
    SecurityLog log = log(10_000, 2_000);
    for (int i = 0; i < 1000; i++) {
      guessed(log, "admin", "10.0.0.66");
      log.record(
          "Warning",
          AuditMessages.WRITE_REQUEST.messageId(),
          "POST ...",
          List.of(),
          SecurityLog.ANONYMOUS,
          "10.0.0.66");
    }
    assertEquals(2, log.entries().size(), "one failed login and one anonymous request in full");
    clock.advance(Duration.ofSeconds(61));
    log.flushSummaries(false);
    List<SecurityLog.Entry> entries = log.entries();
    assertEquals(4, entries.size());
    SecurityLog.Entry summary =
        entries.stream()
            .filter(
                e ->
                    e.messageId().equals(AuditMessages.REPEATED_ENTRIES.messageId())
                        && e.args().get(2).endsWith("InvalidCredentials"))
            .findFirst()
            .orElseThrow();
    assertEquals("999", summary.args().get(4));
    assertTrue(
        summary.message().startsWith("'admin' from 10.0.0.66: 999 more entries like"),
        summary.message());
    guessed(log, "admin", "10.0.0.66");
    assertEquals(5, log.entries().size(), "a new window starts with an entry in full");
  }

  @Test
  void open_windows_are_summarised_when_the_database_closes() {
    SecurityLog log = log(10_000, 2_000);
    store.beforeClose(() -> log.flushSummaries(true));
    for (int i = 0; i < 10; i++) {
      guessed(log, "admin", "10.0.0.66");
    }
    store.close();
    store = AgentStore.open(stateDir);
    List<SecurityLog.Entry> entries = log(10_000, 2_000).entries();
    assertEquals(2, entries.size());
    assertEquals("9", entries.get(1).args().get(4));
  }
}
