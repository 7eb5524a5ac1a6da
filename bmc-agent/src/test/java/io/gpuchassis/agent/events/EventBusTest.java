package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.ResourceEventMessages;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Publishing logs the event first, then hands it to every listener in order; a failing listener
 * harms no other.
 */
class EventBusTest {

  @TempDir Path dir;

  @Test
  void listeners_see_logged_events_in_publication_order() throws Exception {
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      List<String> seen = new CopyOnWriteArrayList<>();
      List<Boolean> loggedFirst = new CopyOnWriteArrayList<>();
      bus.listen(
          e -> {
            throw new IllegalStateException("a broken listener");
          });
      bus.listen(
          e -> {
            seen.add(e.messageId());
            loggedFirst.add(bus.log().entry(e.id()).isPresent());
          });
      bus.publish(ResourceEventMessages.RESOURCE_CHANGED.with(), "/redfish/v1/Chassis/GPUChassis");
      bus.publish(FabricMessages.ZONE_MODIFIED.with("Host1", "PCIe"), null);
      PublishedEvent last =
          bus.publish(ResourceEventMessages.TEST_MESSAGE.with(), null).get(5, TimeUnit.SECONDS);
      assertEquals(
          List.of(
              "ResourceEvent.1.4.3.ResourceChanged",
              "Fabric.1.0.3.ZoneModified",
              "ResourceEvent.1.4.3.TestMessage"),
          seen);
      assertEquals(List.of(true, true, true), loggedFirst);
      assertEquals(Optional.empty(), last.originOfCondition());
      assertEquals(
          Optional.of("/redfish/v1/Chassis/GPUChassis"),
          bus.log().entries().get(0).originOfCondition());
    }
  }

  @Test
  void a_removed_listener_hears_nothing_more() throws Exception {
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      List<Long> seen = new CopyOnWriteArrayList<>();
      Runnable stop = bus.listen(e -> seen.add(e.id()));
      bus.publish(ResourceEventMessages.TEST_MESSAGE.with(), null).get(5, TimeUnit.SECONDS);
      stop.run();
      bus.publish(ResourceEventMessages.TEST_MESSAGE.with(), null).get(5, TimeUnit.SECONDS);
      assertEquals(1, seen.size());
      assertTrue(bus.log().entries().size() == 2, "both were logged");
    }
  }
}
