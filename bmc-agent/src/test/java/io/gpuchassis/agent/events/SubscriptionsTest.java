package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.gpuchassis.redfish.event.EventSelection;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events go to the subscribers whose filters select them, with their Context; subscriptions outlive
 * a reopen.
 */
class SubscriptionsTest {

  @TempDir Path dir;

  private final Map<String, List<String>> delivered = new ConcurrentHashMap<>();
  private final EventSender recording =
      (destination, body) -> {
        delivered.computeIfAbsent(destination, d -> new CopyOnWriteArrayList<>()).add(body);
        return CompletableFuture.completedFuture(204);
      };

  private Subscriptions subscriptions(
      AgentStore store, EventBus bus, EventServiceSettings settings) {
    return new Subscriptions(
        new SubscriptionStore(store),
        bus,
        recording,
        settings,
        (event, s) -> s.context() + ":" + event.messageId(),
        Clock.systemUTC(),
        10);
  }

  @Test
  void each_subscriber_gets_what_its_filters_select_with_its_context() throws Exception {
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      EventServiceSettings settings = new EventServiceSettings(new Settings(store));
      try (Subscriptions subs = subscriptions(store, bus, settings)) {
        subs.create(
            "http://a/",
            "A",
            new EventSelection(List.of("Fabric"), List.of(), List.of(), false),
            RetryPolicy.SuspendRetries,
            "admin",
            true);
        subs.create(
            "http://b/", "B", EventSelection.EVERYTHING, RetryPolicy.SuspendRetries, "admin", true);
        bus.publish(FabricMessages.ZONE_MODIFIED.with("Host1", "PCIe"), null);
        bus.publish(ResourceEventMessages.TEST_MESSAGE.with(), null).get(5, TimeUnit.SECONDS);
        assertEquals(List.of("A:Fabric.1.0.3.ZoneModified"), delivered.get("http://a/"));
        assertEquals(
            List.of("B:Fabric.1.0.3.ZoneModified", "B:ResourceEvent.1.4.3.TestMessage"),
            delivered.get("http://b/"));

        settings.update(new EventServiceSettings.Values(false, 3, 30));
        bus.publish(ResourceEventMessages.TEST_MESSAGE.with(), null).get(5, TimeUnit.SECONDS);
        assertEquals(2, delivered.get("http://b/").size(), "ServiceEnabled false sends nothing");
        assertEquals(3, bus.log().entries().size(), "but logs everything");
      }
    }
  }

  @Test
  void an_account_gets_its_share_and_the_last_subscriptions_are_kept_for_managers() {
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      try (Subscriptions subs =
          subscriptions(store, bus, new EventServiceSettings(new Settings(store)))) {
        subs.limit(new AccountQuota("event subscriptions", 6, 3, 2));
        for (int i = 0; i < 3; i++) {
          subs.create(
              "https://op/" + i,
              "",
              EventSelection.EVERYTHING,
              RetryPolicy.SuspendRetries,
              "operator",
              false);
        }
        QuotaExceeded own =
            assertThrows(
                QuotaExceeded.class,
                () ->
                    subs.create(
                        "https://op/x",
                        "",
                        EventSelection.EVERYTHING,
                        RetryPolicy.SuspendRetries,
                        "operator",
                        false));
        assertTrue(own.getMessage().contains("one account"), own.getMessage());
        subs.create(
            "https://other/1",
            "",
            EventSelection.EVERYTHING,
            RetryPolicy.SuspendRetries,
            "other",
            false);
        QuotaExceeded kept =
            assertThrows(
                QuotaExceeded.class,
                () ->
                    subs.create(
                        "https://other/2",
                        "",
                        EventSelection.EVERYTHING,
                        RetryPolicy.SuspendRetries,
                        "other",
                        false));
        assertTrue(kept.getMessage().contains("ConfigureManager"), kept.getMessage());
        subs.create(
            "https://admin/1",
            "",
            EventSelection.EVERYTHING,
            RetryPolicy.SuspendRetries,
            "admin",
            true);
        subs.create(
            "https://admin/2",
            "",
            EventSelection.EVERYTHING,
            RetryPolicy.SuspendRetries,
            "admin",
            true);
        assertThrows(
            QuotaExceeded.class,
            () ->
                subs.create(
                    "https://admin/3",
                    "",
                    EventSelection.EVERYTHING,
                    RetryPolicy.SuspendRetries,
                    "admin",
                    true));
        assertEquals(6, subs.all().size());
      }
    }
  }

  @Test
  void subscriptions_and_their_suspension_survive_a_reopen_and_the_limit_holds() {
    String kept;
    int limit = OutboundPolicy.DEFAULT.maxSubscriptions();
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      try (Subscriptions subs =
          subscriptions(store, bus, new EventServiceSettings(new Settings(store)))) {
        kept =
            subs.create(
                    "http://a/",
                    "ctx",
                    new EventSelection(
                        List.of(),
                        List.of("ResourceEvent.TestMessage"),
                        List.of("/redfish/v1/Chassis"),
                        true),
                    RetryPolicy.TerminateAfterRetries,
                    "operator",
                    false)
                .id();
        subs.update(kept, s -> s.withSuspended(true));
        for (int i = 1; i < limit; i++) {
          subs.create(
              "http://x/" + i,
              "",
              EventSelection.EVERYTHING,
              RetryPolicy.SuspendRetries,
              "admin" + i % 2,
              true);
        }
        assertThrows(
            QuotaExceeded.class,
            () ->
                subs.create(
                    "http://one-too-many/",
                    "",
                    EventSelection.EVERYTHING,
                    RetryPolicy.SuspendRetries,
                    "a",
                    true));
      }
    }
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      try (Subscriptions subs =
          subscriptions(store, bus, new EventServiceSettings(new Settings(store)))) {
        Subscription s = subs.find(kept).orElseThrow();
        assertEquals("ctx", s.context());
        assertEquals(List.of("ResourceEvent.TestMessage"), s.selection().messageIds());
        assertEquals(List.of("/redfish/v1/Chassis"), s.selection().originResources());
        assertTrue(s.selection().subordinateResources());
        assertEquals(RetryPolicy.TerminateAfterRetries, s.retryPolicy());
        assertTrue(s.suspended());
        assertEquals("operator", s.owner());
        assertEquals(limit, subs.all().size());
        assertTrue(subs.delete(kept));
        assertFalse(subs.find(kept).isPresent());
      }
    }
  }
}
