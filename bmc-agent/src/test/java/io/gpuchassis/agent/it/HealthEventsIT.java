package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.SensorSettings;
import io.gpuchassis.sensor.fan.FanMode;
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
 * Faults injected into the simulated chassis reach orchestrators as Redfish events: over a real SSE
 * stream (filtered to the resource concerned), to a real push subscriber, and into the EventLog;
 * with the health and the fan response they cause. Also composition and link changes.
 */
class HealthEventsIT {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";
  static final String SSE = "/redfish/v1/EventService/SSE";
  static final Duration WAIT = Duration.ofSeconds(10);

  /**
   * Identical reads in a row that make a temperature sensor frozen: 2 s at the fast simulation's
   * 100 ms poll, instead of the production minute. A live 12-bit sensor repeats 19 times in a row
   * with a probability of about 10⁻¹¹.
   */
  static final int STUCK_WINDOW = 20;

  @TempDir static Path stateDir;
  static TestAgent agent;
  static SimulatedSensorBoard board;
  static Vertx vertx;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c -> LoopbackReceivers.allowed(c.withSensors(new SensorSettings(STUCK_WINDOW))));
    board = ((io.gpuchassis.agent.sim.SimulatedPlatform) agent.agent.platform()).sensorBoard();
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    agent.close();
    vertx.close().await();
  }

  /** A stream of the events about {@code origin}. */
  static SseReader stream(String origin) throws Exception {
    String filter =
        URLEncoder.encode("OriginResource eq '" + origin + "'", StandardCharsets.UTF_8)
            .replace("+", "%20");
    SseReader reader =
        new SseReader(agent.client.stream(SSE + "?$filter=" + filter, TestAgent.READER));
    assertEquals(200, reader.response.statusCode());
    return reader;
  }

  /**
   * The first event record on {@code reader} whose MessageId matches, within the wait; the others
   * are skipped.
   */
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

  static JsonNode awaitPushed(EventReceiver receiver, Predicate<String> messageId)
      throws Exception {
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
    var r =
        agent.client.send(
            "POST",
            "/redfish/v1/EventService/Subscriptions",
            TestAgent.ADMIN,
            "{\"Destination\": \""
                + receiver.url()
                + "\", \"Protocol\": \"Redfish\", \"OriginResources\": [{\"@odata.id\": \""
                + origin
                + "\"}]}");
    assertEquals(201, r.statusCode(), r.body());
    return r.headers().firstValue("Location").orElseThrow();
  }

  /**
   * One resource watched the three ways an orchestrator can: a real SSE stream filtered to it, a
   * real push subscription filtered to it, and the EventLog. {@link #expect} waits for a message on
   * the stream (skipping others, so successive expectations also check the order), then for the
   * same event at the subscriber, then reads its log entry.
   */
  static final class Watch implements AutoCloseable {
    final SseReader reader;
    final EventReceiver receiver;
    final String subscription;

    Watch(String origin) throws Exception {
      reader = stream(origin);
      receiver = EventReceiver.start(vertx, Duration.ZERO);
      subscription = subscribe(receiver, origin);
    }

    JsonNode expect(String messageId) throws Exception {
      JsonNode streamed = await(reader, messageId::equals);
      JsonNode pushed = awaitPushed(receiver, messageId::equals);
      assertEquals(
          streamed.get("EventId").asText(),
          pushed.get("EventId").asText(),
          "the same event pushed");
      JsonNode entry =
          json(agent.client.get(streamed.at("/LogEntry/@odata.id").asText(), TestAgent.READER));
      assertEquals(messageId, entry.get("MessageId").asText(), "and in the EventLog");
      return streamed;
    }

    @Override
    public void close() throws Exception {
      agent.client.send("DELETE", subscription, TestAgent.ADMIN, null);
      receiver.close();
      reader.close();
    }
  }

  @Test
  void a_failed_fan_is_an_event_and_the_others_go_to_full_speed() throws Exception {
    String fanUri = CHASSIS + "/ThermalSubsystem/Fans/Fan3";
    try (Watch fan = new Watch(fanUri)) {
      var fault = agent.agent.faults().orElseThrow().inject("fan-fail", fanUri);
      try {
        JsonNode failed = fan.expect("Environmental.1.4.0.FanFailed");
        assertEquals(fanUri, failed.at("/OriginOfCondition/@odata.id").asText());
        assertEquals("Critical", failed.get("MessageSeverity").asText());
        assertEquals("Fan 'Fan3' has failed.", failed.get("Message").asText());
        HealthIT.await("the other fans at full duty", () -> board.fanDutyPercent("Fan1") > 99.9);
        assertEquals(
            "Critical",
            json(agent.client.get(fanUri, TestAgent.READER)).at("/Status/Health").asText());
      } finally {
        agent.agent.faults().orElseThrow().clear(fault.id());
      }
      fan.expect("Environmental.1.4.0.FanRestored");
    }
  }

  @Test
  void an_overheating_gpu_is_announced_before_its_slot_is_powered_off() throws Exception {
    String device = CHASSIS + "/PCIeDevices/Slot13";
    try (Watch gpu = new Watch(device);
        Watch sensor = new Watch(CHASSIS + "/Sensors/GPU13Temperature")) {
      var fault = agent.agent.faults().orElseThrow().inject("gpu-overtemp", device);
      try {
        JsonNode hot = sensor.expect("Environmental.1.4.0.TemperatureAboveUpperFatalThreshold");
        assertEquals("Critical", hot.get("MessageSeverity").asText());
        assertEquals(
            "Temperature 'GPU13Temperature' reading of 97.0 degrees (C) is above the 95.0 upper fatal threshold.",
            hot.get("Message").asText());
        gpu.expect("ResourceEvent.1.4.3.ResourceStatusChangedCritical");
        gpu.expect("ResourceEvent.1.4.3.ResourcePoweringOff");
        gpu.expect("ResourceEvent.1.4.3.ResourcePoweredOff");
        gpu.expect("Platform.1.3.2.DeviceDisabled");
        assertTrue(!board.slotPowerEnabled(13));
        assertEquals(
            "Critical",
            json(agent.client.get(device, TestAgent.READER)).at("/Status/Health").asText());
      } finally {
        agent.agent.faults().orElseThrow().clear(fault.id());
      }
    }
  }

  @Test
  void a_bound_gpu_at_its_critical_temperature_is_asked_to_drain_and_not_powered_off_at_once()
      throws Exception {
    agent.agent.bindings().bind(8, "Host4").join();
    String device = CHASSIS + "/PCIeDevices/Slot8";
    try (Watch gpu = new Watch(device);
        FaultHandle hot = board.gpuOverTemp(8, 90.0)) {
      gpu.expect("ResourceEvent.1.4.3.ResourceStatusChangedCritical");
      gpu.expect("ResourceEvent.1.4.3.ResourcePoweringOff");
      Thread.sleep(2000);
      assertTrue(board.slotPowerEnabled(8), "its host gets the drain grace to release it first");
    } finally {
      agent.agent.bindings().unbind(8, true).join();
    }
  }

  @Test
  void a_failed_supply_and_its_replacement_are_status_events() throws Exception {
    String psu = CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2";
    try (Watch supply = new Watch(psu)) {
      var fault = agent.agent.faults().orElseThrow().inject("psu-fail", psu);
      try {
        assertEquals(
            "Critical",
            supply
                .expect("ResourceEvent.1.4.3.ResourceStatusChangedCritical")
                .get("MessageArgs")
                .get(1)
                .asText());
        assertEquals(
            "Critical",
            json(agent.client.get(psu, TestAgent.READER)).at("/Status/Health").asText());
      } finally {
        agent.agent.faults().orElseThrow().clear(fault.id());
      }
      supply.expect("ResourceEvent.1.4.3.ResourceStatusChangedOK");
    }
  }

  @Test
  void a_sensor_that_stops_answering_is_a_sensor_failure_then_restored() throws Exception {
    String inlet = CHASSIS + "/Sensors/InletTemp";
    try (Watch air = new Watch(inlet);
        Watch gpu = new Watch(CHASSIS + "/Sensors/GPU14Temperature");
        Watch device = new Watch(CHASSIS + "/PCIeDevices/Slot14")) {
      var nak = agent.agent.faults().orElseThrow().inject("sensor-i2c-nak", inlet);
      var offBus =
          agent
              .agent
              .faults()
              .orElseThrow()
              .inject("gpu-fell-off-bus", CHASSIS + "/PCIeDevices/Slot14");
      try {
        air.expect("SensorEvent.1.1.0.SensorFailure");
        gpu.expect("SensorEvent.1.1.0.SensorFailure");
        device.expect("Platform.1.3.2.DeviceManagementInterfaceUnresponsive");
        assertEquals(
            "UnavailableOffline",
            json(agent.client.get(inlet, TestAgent.READER)).at("/Status/State").asText());
      } finally {
        agent.agent.faults().orElseThrow().clear(nak.id());
        agent.agent.faults().orElseThrow().clear(offBus.id());
      }
      air.expect("SensorEvent.1.1.0.SensorRestored");
      gpu.expect("SensorEvent.1.1.0.SensorRestored");
    }
  }

  @Test
  void
      a_frozen_temperature_sensor_is_an_invalid_reading_the_fans_do_not_trust_until_it_moves_again()
          throws Exception {
    String inlet = CHASSIS + "/Sensors/InletTemp";
    HealthIT.await("closed-loop fan control", () -> fanMode() == FanMode.NORMAL);
    try (Watch air = new Watch(inlet)) {
      var injected =
          agent.client.send(
              "POST",
              "/sim/v1/faults",
              TestAgent.ADMIN,
              "{\"kind\": \"sensor-stuck\", \"target\": \"" + inlet + "\"}");
      assertEquals(201, injected.statusCode(), injected.body());
      String fault = injected.headers().firstValue("Location").orElseThrow();
      try {
        JsonNode invalid = air.expect("SensorEvent.1.1.0.InvalidSensorReading");
        assertEquals(
            "Invalid reading received from sensor 'InletTemp'.", invalid.get("Message").asText());
        assertEquals("Warning", invalid.get("MessageSeverity").asText());
        assertEquals(inlet, invalid.at("/OriginOfCondition/@odata.id").asText());
        JsonNode sensor = json(agent.client.get(inlet, TestAgent.READER));
        assertEquals("Warning", sensor.at("/Status/Health").asText(), sensor.toString());
        assertEquals(
            "Enabled", sensor.at("/Status/State").asText(), "it answers, it is just not believed");
        assertTrue(sensor.get("Reading").isNumber(), "its frozen value is still shown: " + sensor);
        HealthIT.await(
            "the fan loop treating the frozen inlet as lost",
            () ->
                agent
                    .agent
                    .health()
                    .fanDecision()
                    .map(
                        d ->
                            d.mode() == FanMode.FAILSAFE_SENSOR_LOSS
                                && d.causes().contains("InletTemp"))
                    .orElse(false));
        HealthIT.await("the fans at full duty", () -> board.fanDutyPercent("Fan1") > 99.9);
      } finally {
        assertEquals(204, agent.client.send("DELETE", fault, TestAgent.ADMIN, null).statusCode());
      }
      air.expect("SensorEvent.1.1.0.SensorRestored");
      assertEquals(
          "OK", json(agent.client.get(inlet, TestAgent.READER)).at("/Status/Health").asText());
      HealthIT.await("closed-loop fan control again", () -> fanMode() == FanMode.NORMAL);
    }
  }

  private static FanMode fanMode() {
    return agent.agent.health().fanDecision().map(d -> d.mode()).orElse(null);
  }

  @Test
  void composition_and_link_changes_are_events() throws Exception {
    String block = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot2";
    String zone = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
    String port = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/1";
    try (Watch blocks = new Watch(block);
        Watch zones = new Watch(zone);
        Watch ports = new Watch(port)) {
      agent.agent.bindings().bind(2, "Host1").join();
      blocks.expect("Composition.1.1.3.ResourceBlockCompositionStateChanged");
      assertEquals(
          "Host1", zones.expect("Fabric.1.0.3.ZoneModified").get("MessageArgs").get(0).asText());
      ports.expect("Fabric.1.0.3.DownstreamLinkEstablished");
      var down = agent.agent.faults().orElseThrow().inject("link-down", port);
      try {
        ports.expect("Fabric.1.0.3.DownstreamLinkDropped");
      } finally {
        agent.agent.faults().orElseThrow().clear(down.id());
        agent.agent.bindings().unbind(2, true).join();
      }
    }
  }

  @Test
  void what_reconciliation_repairs_at_start_is_an_event_and_a_log_entry(@TempDir Path dir)
      throws Exception {
    try (TestAgent first = TestAgent.start(dir)) {
      first.agent.bindings().bind(3, "Host2").join();
    }
    // A new agent on a new simulated chassis whose switches start empty: the binding must be
    // restored.
    try (TestAgent second = TestAgent.start(dir)) {
      String log =
          second
              .client
              .get(
                  "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.",
                  TestAgent.READER)
              .body();
      assertTrue(log.contains("ResourceEvent.1.4.3.ResourceErrorsCorrected"), log);
      assertTrue(
          log.contains("slot 3: the switch had lost its binding to Host2; bound again"), log);
      assertNotNull(second.agent.model().current().binding(3).host().orElse(null));
    }
  }
}
