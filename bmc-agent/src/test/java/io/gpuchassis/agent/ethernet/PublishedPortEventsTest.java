package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.events.EventLog;
import io.gpuchassis.agent.events.PublishedEvent;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.message.NetworkDeviceMessages;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A port's message becomes an event in the log, about the resource named for the port. */
class PublishedPortEventsTest {

  private static final DataPort PORT =
      new DataPort("NIC1", "2", "1", "enp1s0f1np1", "mlx5_1", 1, 100_000);

  @TempDir Path dir;

  @Test
  void a_flap_is_logged_about_the_port_named_by_the_caller() throws Exception {
    try (AgentStore store = AgentStore.open(dir);
        EventBus bus = new EventBus(new EventLog(store, Clock.systemUTC(), 100))) {
      new PublishedPortEvents(bus, p -> "/ports/" + p.adapter() + "/" + p.port())
          .raise(PORT, NetworkDeviceMessages.LINK_FLAP_DETECTED.with("NIC1", "2", "1", 4, 5));
      // Waits for the publisher's thread, bounded: the event is in the log once this completes.
      bus.betweenEvents(() -> {}).get(10, TimeUnit.SECONDS);
      PublishedEvent logged = bus.log().entries().get(0);
      assertEquals("NetworkDevice.1.1.1.LinkFlapDetected", logged.messageId());
      assertEquals(Optional.of("/ports/NIC1/2"), logged.originOfCondition());
    }
  }
}
