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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event log keeps what was published across a reopen, drops the oldest beyond its bound, and
 * clears.
 */
class EventLogTest {

  @TempDir Path dir;

  @Test
  void entries_survive_a_reopen_with_message_id_args_severity_and_origin() {
    long id;
    try (AgentStore store = AgentStore.open(dir)) {
      EventLog log = new EventLog(store, Clock.systemUTC(), 10);
      id =
          log.append(
                  ResourceEventMessages.RESOURCE_STATUS_CHANGED_WARNING.with("Slot3", "Warning"),
                  Optional.of("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot3"))
              .id();
    }
    try (AgentStore store = AgentStore.open(dir)) {
      EventLog log = new EventLog(store, Clock.systemUTC(), 10);
      PublishedEvent e = log.entry(id).orElseThrow();
      assertEquals("ResourceEvent.1.4.3.ResourceStatusChangedWarning", e.messageId());
      assertEquals(List.of("Slot3", "Warning"), e.message().args());
      assertEquals("Warning", e.severity());
      assertEquals("The health of resource 'Slot3' has changed to Warning.", e.message().text());
      assertEquals(
          Optional.of("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot3"), e.originOfCondition());
    }
  }

  @Test
  void the_oldest_entries_are_dropped_beyond_the_bound_also_in_the_database() {
    try (AgentStore store = AgentStore.open(dir)) {
      EventLog log = new EventLog(store, Clock.systemUTC(), 3);
      for (int i = 1; i <= 5; i++) {
        log.append(FabricMessages.ZONE_MODIFIED.with("Host" + i, "PCIe"), Optional.empty());
      }
      assertEquals(
          List.of("Host3", "Host4", "Host5"),
          log.entries().stream().map(e -> e.message().args().get(0)).toList());
    }
    try (AgentStore store = AgentStore.open(dir)) {
      assertEquals(3, new EventLog(store, Clock.systemUTC(), 3).entries().size());
      assertEquals(
          3,
          new EventLog(store, Clock.systemUTC(), 100).entries().size(),
          "the rows are gone, not hidden");
    }
  }

  @Test
  void clear_empties_the_log_and_ids_keep_counting_up() {
    try (AgentStore store = AgentStore.open(dir)) {
      EventLog log = new EventLog(store, Clock.systemUTC(), 10);
      long first = log.append(ResourceEventMessages.TEST_MESSAGE.with(), Optional.empty()).id();
      log.clear();
      assertEquals(List.of(), log.entries());
      long next = log.append(ResourceEventMessages.TEST_MESSAGE.with(), Optional.empty()).id();
      assertTrue(next > first, "an event id is never reused");
    }
    try (AgentStore store = AgentStore.open(dir)) {
      assertEquals(1, new EventLog(store, Clock.systemUTC(), 10).entries().size());
    }
  }
}
