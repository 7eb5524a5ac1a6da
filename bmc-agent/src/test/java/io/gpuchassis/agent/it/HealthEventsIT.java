package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.sensor.sim.FaultHandle;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.vertx.core.Vertx;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults injected into the simulated chassis reach orchestrators as Redfish events: over a real SSE stream (filtered
 * to the resource concerned), to a real push subscriber, and into the EventLog; with the health and the fan response
 * they cause. Also composition and link changes.
 */
class HealthEventsIT {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";
  static final String SSE = "/redfish/v1/EventService/SSE";
  static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir static Path stateDir;
  static TestAgent agent;
  static SimulatedSensorBoard board;
  static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    board = agent.agent.simulation().sensorBoard();
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    agent.close();
    vertx.close().await();
  }

  /** A stream of the events about {@code origin}. */
  static SseReader stream(String origin) throws Exception {
    String filter = URLEncoder.encode("OriginResource eq '" + origin + "'", StandardCharsets.UTF_8).replace("+", "%20");
    SseReader reader = new SseReader(agent.client.stream(SSE + "?$filter=" + filter, TestAgent.READER));
    assertEquals(200, reader.response.statusCode());
    return reader;
  }

  /** The first event record on {@code reader} whose MessageId matches, within the wait; the others are skipped. */
  static JsonNode await(SseReader reader, Predicate<String> messageId) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      SseReader.Received r = reader.next(Duration.ofMillis(200));
      if (r != null) {
        JsonNode record = r.data().get("Events").get(0);
        if (messageId.test(record.get("MessageId").asText())) {
          return record;
        }
      }
    }
    throw new AssertionError("no matching event within " + WAIT);
  }

  static JsonNode awaitPushed(EventReceiver receiver, Predicate<String> messageId) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode event = receiver.next(Duration.ofMillis(200));
      if (event != null && messageId.test(event.get("Events").get(0).get("MessageId").asText())) {
        return event.get("Events").get(0);
      }
    }
    throw new AssertionError("no matching pushed event within " + WAIT);
  }

  static String subscribe(EventReceiver receiver, String origin) throws Exception {
    var r = agent.client.send("POST", "/redfish/v1/EventService/Subscriptions", TestAgent.ADMIN,
        "{\"Destination\": \"" + receiver.url() + "\", \"Protocol\": \"Redfish\", \"OriginResources\": [{\"@odata.id\": \""
            + origin + "\"}]}");
    assertEquals(201, r.statusCode(), r.body());
    return r.headers().firstValue("Location").orElseThrow();
  }

  static String eventLog() throws Exception {
    return agent.client.get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", TestAgent.READER).body();
  }

  @Test
  void a_failed_fan_is_an_event_on_the_stream_to_the_subscriber_and_in_the_log_and_the_others_go_to_full()
      throws Exception {
    String fanUri = CHASSIS + "/ThermalSubsystem/Fans/Fan3";
    try (SseReader reader = stream(fanUri); EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      String subscription = subscribe(receiver, fanUri);
      var fault = agent.agent.faults().inject("fan-fail", CHASSIS + "/ThermalSubsystem/Fans/Fan3");
      try {
        JsonNode streamed = await(reader, id -> id.equals("Environmental.1.4.0.FanFailed"));
        assertEquals(fanUri, streamed.at("/OriginOfCondition/@odata.id").asText());
        assertEquals("Critical", streamed.get("MessageSeverity").asText());
        assertEquals("Fan 'Fan3' has failed.", streamed.get("Message").asText());
        JsonNode pushed = awaitPushed(receiver, id -> id.equals(streamed.get("MessageId").asText()));
        assertEquals(streamed.get("EventId").asText(), pushed.get("EventId").asText(), "the same event");
        assertTrue(eventLog().contains(streamed.get("MessageId").asText()));
        HealthIT.await("the other fans at full duty", () -> board.fanDutyPercent("Fan1") > 99.9);
        assertEquals("Critical", json(agent.client.get(CHASSIS + "/ThermalSubsystem/Fans/Fan3", TestAgent.READER))
            .at("/Status/Health").asText());
      } finally {
        agent.agent.faults().clear(fault.id());
      }
      await(reader, id -> id.equals("Environmental.1.4.0.FanRestored"));
      agent.client.send("DELETE", subscription, TestAgent.ADMIN, null);
    }
  }

  @Test
  void an_overheating_gpu_is_announced_before_its_slot_is_powered_off() throws Exception {
    String device = CHASSIS + "/PCIeDevices/Slot13";
    try (SseReader reader = stream(device); SseReader sensor = stream(CHASSIS + "/Sensors/GPU13Temperature")) {
      var fault = agent.agent.faults().inject("gpu-overtemp", device);
      try {
        JsonNode hot = await(sensor, id -> id.equals("Environmental.1.4.0.TemperatureAboveUpperFatalThreshold"));
        assertEquals("Critical", hot.get("MessageSeverity").asText());
        assertEquals("Temperature 'GPU13Temperature' reading of 97.0 degrees (C) is above the 95.0 upper fatal threshold.",
            hot.get("Message").asText());
        // Awaited one after the other on one stream, which skips what it does not wait for: an event that came out
        // of order would have been skipped, and the wait for it would fail.
        await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourceStatusChangedCritical"));
        await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourcePoweringOff"));
        await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourcePoweredOff"));
        assertTrue(!board.slotPowerEnabled(13));
      } finally {
        agent.agent.faults().clear(fault.id());
      }
    }
  }

  @Test
  void a_bound_gpu_at_its_critical_temperature_is_asked_to_drain_and_not_powered_off_at_once() throws Exception {
    agent.agent.bindings().bind(8, "Host4").join();
    String device = CHASSIS + "/PCIeDevices/Slot8";
    try (SseReader reader = stream(device); FaultHandle hot = board.gpuOverTemp(8, 90.0)) {
      await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourceStatusChangedCritical"));
      await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourcePoweringOff"));
      Thread.sleep(2000);
      assertTrue(board.slotPowerEnabled(8), "its host gets the drain grace to release it first");
    } finally {
      agent.agent.bindings().unbind(8, true).join();
    }
  }

  @Test
  void a_failed_supply_and_its_replacement_are_status_events() throws Exception {
    String psu = CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2";
    try (SseReader reader = stream(psu)) {
      var fault = agent.agent.faults().inject("psu-fail", psu);
      try {
        JsonNode failed = await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourceStatusChangedCritical"));
        assertEquals("Critical", failed.get("MessageArgs").get(1).asText());
      } finally {
        agent.agent.faults().clear(fault.id());
      }
      await(reader, id -> id.equals("ResourceEvent.1.4.3.ResourceStatusChangedOK"));
    }
  }

  @Test
  void a_sensor_that_stops_answering_is_a_sensor_failure_then_restored() throws Exception {
    String inlet = CHASSIS + "/Sensors/InletTemp";
    String gpu = CHASSIS + "/Sensors/GPU14Temperature";
    try (SseReader reader = stream(inlet); SseReader gpuReader = stream(gpu)) {
      var nak = agent.agent.faults().inject("sensor-i2c-nak", inlet);
      var offBus = agent.agent.faults().inject("gpu-fell-off-bus", CHASSIS + "/PCIeDevices/Slot14");
      try {
        await(reader, id -> id.equals("SensorEvent.1.1.0.SensorFailure"));
        await(gpuReader, id -> id.equals("SensorEvent.1.1.0.SensorFailure"));
      } finally {
        agent.agent.faults().clear(nak.id());
        agent.agent.faults().clear(offBus.id());
      }
      await(reader, id -> id.equals("SensorEvent.1.1.0.SensorRestored"));
      await(gpuReader, id -> id.equals("SensorEvent.1.1.0.SensorRestored"));
    }
  }

  @Test
  void composition_and_link_changes_are_events() throws Exception {
    String block = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot2";
    String zone = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
    String port = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/1";
    try (SseReader blocks = stream(block); SseReader zones = stream(zone); SseReader ports = stream(port)) {
      agent.agent.bindings().bind(2, "Host1").join();
      await(blocks, id -> id.equals("Composition.1.1.3.ResourceBlockCompositionStateChanged"));
      JsonNode modified = await(zones, id -> id.equals("Fabric.1.0.3.ZoneModified"));
      assertEquals("Host1", modified.get("MessageArgs").get(0).asText());
      await(ports, id -> id.equals("Fabric.1.0.3.DownstreamLinkEstablished"));
      var down = agent.agent.faults().inject("link-down", port);
      try {
        await(ports, id -> id.equals("Fabric.1.0.3.DownstreamLinkDropped"));
      } finally {
        agent.agent.faults().clear(down.id());
        agent.agent.bindings().unbind(2, true).join();
      }
    }
  }

  @Test
  void what_reconciliation_repairs_at_start_is_an_event_and_a_log_entry(@TempDir Path dir) throws Exception {
    try (TestAgent first = TestAgent.start(dir)) {
      first.agent.bindings().bind(3, "Host2").join();
    }
    // A new agent on a new simulated chassis whose switches start empty: the binding must be restored.
    try (TestAgent second = TestAgent.start(dir)) {
      String log = second.client.get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.",
          TestAgent.READER).body();
      assertTrue(log.contains("ResourceEvent.1.4.3.ResourceErrorsCorrected"), log);
      assertTrue(log.contains("slot 3: the switch had lost its binding to Host2; bound again"), log);
      assertNotNull(second.agent.model().current().binding(3).host().orElse(null));
    }
  }
}
