package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.event.EventSelection;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubscriptionStoreTest {

  @TempDir Path dir;

  @Test
  void syslog_and_redfish_subscriptions_survive_a_restart_as_they_were() {
    Subscription syslog =
        new Subscription(
            "s1",
            "syslog://logs.example:6514",
            "",
            EventSelection.EVERYTHING,
            RetryPolicy.RetryForeverWithBackoff,
            false,
            "admin",
            Instant.parse("2026-12-03T07:00:00Z"),
            Optional.of(new SyslogTarget("SyslogTLS", "Warning", List.of("Local0", "Daemon"))));
    Subscription redfish =
        new Subscription(
            "s2",
            "https://receiver.example/events",
            "ctx",
            EventSelection.EVERYTHING,
            RetryPolicy.SuspendRetries,
            false,
            "admin",
            Instant.parse("2026-12-03T07:00:01Z"));
    Subscription withOrigins =
        new Subscription(
            "s3",
            "https://receiver.example/full",
            "",
            EventSelection.EVERYTHING,
            RetryPolicy.SuspendRetries,
            false,
            "operator",
            Instant.parse("2026-12-03T07:00:02Z"),
            Optional.empty(),
            true);
    try (AgentStore store = AgentStore.open(dir)) {
      new SubscriptionStore(store).save(syslog);
      new SubscriptionStore(store).save(redfish);
      new SubscriptionStore(store).save(withOrigins);
    }
    try (AgentStore store = AgentStore.open(dir)) {
      assertEquals(List.of(syslog, redfish, withOrigins), new SubscriptionStore(store).all());
      assertEquals(
          List.of(false, false, true),
          new SubscriptionStore(store)
              .all().stream().map(Subscription::includeOriginOfCondition).toList());
      assertEquals("SyslogTLS", new SubscriptionStore(store).all().get(0).protocol());
      assertEquals("Redfish", new SubscriptionStore(store).all().get(1).protocol());
    }
  }
}
