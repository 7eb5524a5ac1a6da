package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leases on GPU assignments over real HTTPS on the simulated chassis: a PATCH of a GPU block's
 * {@code Oem.GpuChassisAgent.Lease} sets it and GET shows it; an expired lease releases an idle GPU
 * (an event and a security-log entry); an expired lease on a busy GPU holds it, with an event that
 * says so, until its port stands still for the release policy's window; bad input is refused with
 * nothing changed; {@code null} removes a lease; a lease survives a restart.
 */
class LeaseIT {

  static final String BLOCK = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot";
  static final String ZONE1 = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
  static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    // Counters read every 2 s (every tenth poll), so an idle window of 4 s; the keeper looks
    // every 200 ms
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withSwitchPollInterval(Duration.ofMillis(200))
                    .withComposition(
                        new CompositionSettings(
                                Policy.RELEASE_OR_IDLE, Duration.ofSeconds(4), Map.of())
                            .withLeaseCheckInterval(Duration.ofMillis(200))));
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void bad_leases_are_refused_and_change_nothing() throws Exception {
    bind(4);
    // A GPU that is not bound has no assignment to lease
    HttpResponse<String> unbound = patch(3, lease("job-1", in(Duration.ofHours(1)), null));
    assertEquals(400, unbound.statusCode(), unbound.body());
    assertTrue(unbound.body().contains("PropertyValueConflict"), unbound.body());
    // An expiry in the past
    HttpResponse<String> past = patch(4, lease("job-1", in(Duration.ofHours(-1)), null));
    assertEquals(400, past.statusCode(), past.body());
    assertTrue(past.body().contains("PropertyValueOutOfRange"), past.body());
    // A malformed duration, beside a good expiry: nothing of it is taken
    HttpResponse<String> malformed =
        patch(4, lease("job-1", in(Duration.ofHours(1)), "\"30 minutes\""));
    assertEquals(400, malformed.statusCode(), malformed.body());
    assertTrue(malformed.body().contains("PropertyValueFormatError"), malformed.body());
    assertTrue(malformed.body().contains("IdleReleaseAfter"), malformed.body());
    // An unknown property of the lease
    HttpResponse<String> unknown =
        patch(
            4,
            "{\"Oem\":{\"GpuChassisAgent\":{\"Lease\":{\"Expires\":\""
                + in(Duration.ofHours(1))
                + "\",\"Colour\":\"red\"}}}}");
    assertEquals(400, unknown.statusCode(), unknown.body());
    assertTrue(unknown.body().contains("PropertyUnknown"), unknown.body());

    for (int slot : new int[] {4, 3}) {
      assertTrue(block(slot).path("Oem").isMissingNode(), "no lease on slot " + slot);
    }
    assertEquals("Composed", state(4));

    // A good one, and then null, which removes it
    HttpResponse<String> set = patch(4, lease(null, in(Duration.ofHours(1)), "\"PT30M\""));
    assertEquals(200, set.statusCode(), set.body());
    assertEquals("operator", json(set).at("/Oem/GpuChassisAgent/Lease/Owner").asText());
    HttpResponse<String> removed = patch(4, "{\"Oem\":{\"GpuChassisAgent\":{\"Lease\":null}}}");
    assertEquals(200, removed.statusCode(), removed.body());
    assertTrue(block(4).path("Oem").isMissingNode(), block(4).toString());
    assertEquals("Composed", state(4));
  }

  @Test
  void an_expired_lease_releases_an_idle_gpu_with_an_event_and_an_audit_entry() throws Exception {
    bind(1);
    String idle = client.injectFault(ADMIN, "gpu-idle", switchPortOf(1));
    HttpResponse<String> set = patch(1, lease("job-42", in(Duration.ofHours(1)), "\"PT1H\""));
    assertEquals(200, set.statusCode(), set.body());
    JsonNode shown = block(1).at("/Oem/GpuChassisAgent");
    assertEquals("#GpuChassisAgent.v1_0_0.ResourceBlock", shown.path("@odata.type").asText());
    assertEquals("job-42", shown.at("/Lease/Owner").asText());
    assertEquals("PT1H", shown.at("/Lease/IdleReleaseAfter").asText());
    assertTrue(
        Instant.parse(shown.at("/Lease/Expires").asText()).isAfter(Instant.now()),
        shown.toString());
    assertEquals("Composed", state(1));
    valid(block(1));

    // Expiring soon now; the GPU's port stands still, so the keeper releases it
    assertEquals(200, patch(1, lease("job-42", in(Duration.ofSeconds(1)), null)).statusCode());
    until("slot 1 released by its lease", () -> "Unused".equals(state(1)));
    assertTrue(block(1).path("Oem").isMissingNode(), "the lease ended with the release");
    String events = awaitLog(LeaseIT::eventLog, "LeaseReleased", BLOCK + "1");
    assertTrue(events.contains("LeaseReleased") && events.contains("job-42"), events);
    String audit = awaitLog(LeaseIT::securityLog, "GpuChassisAudit.1.4.0.LeaseRelease", "job-42");
    assertTrue(audit.contains("GpuChassisAudit.1.4.0.LeaseRelease"), audit);
    client.send("DELETE", idle, ADMIN, null);
  }

  @Test
  void an_expired_lease_on_a_busy_gpu_holds_it_until_it_is_idle() throws Exception {
    bind(2);
    String port = switchPortOf(2);
    awaitTraffic(port + "/Metrics");
    assertEquals(200, patch(2, lease("job-7", in(Duration.ofSeconds(1)), null)).statusCode());
    String events = awaitLog(LeaseIT::eventLog, "LeaseExpiredGpuBusy", "job-7");
    assertTrue(events.contains("LeaseExpiredGpuBusy"), events);
    // The event came after the keeper asked the engine; the GPU moves data, so it stays
    assertEquals("Composed", state(2));
    JsonNode busy = block(2);
    assertEquals("job-7", busy.at("/Oem/GpuChassisAgent/Lease/Owner").asText());
    assertTrue(busy.at("/Oem/GpuChassisAgent/Lease/IdleReleaseAfter").isNull(), busy.toString());
    valid(busy);

    String idle = client.injectFault(ADMIN, "gpu-idle", port);
    until("slot 2 released once idle", () -> "Unused".equals(state(2)));
    String after = awaitLog(LeaseIT::eventLog, "LeaseReleased", "job-7");
    assertTrue(after.contains("LeaseReleased") && after.contains(BLOCK + "2"), after);
    client.send("DELETE", idle, ADMIN, null);
  }

  @Test
  void a_lease_survives_a_restart(@TempDir Path own) throws Exception {
    Path state = own.resolve("state");
    String expires = in(Duration.ofHours(2));
    try (TestAgent first = TestAgent.start(state)) {
      first.agent.bindings().bind(6, "Host3").join();
      HttpResponse<String> set =
          first.client.send("PATCH", BLOCK + 6, OPERATOR, lease("job-9", expires, "\"PT20M\""));
      assertEquals(200, set.statusCode(), set.body());
    }
    try (TestAgent second = TestAgent.start(state)) {
      JsonNode block = json(second.client.get(BLOCK + 6, READER));
      assertEquals("Composed", block.at("/CompositionStatus/CompositionState").asText());
      JsonNode lease = block.at("/Oem/GpuChassisAgent/Lease");
      assertEquals("job-9", lease.path("Owner").asText(), block.toString());
      assertEquals(Instant.parse(expires), Instant.parse(lease.path("Expires").asText()));
      assertEquals("PT20M", lease.path("IdleReleaseAfter").asText());
    }
  }

  /** Against DMTF's ResourceBlock schema and the agent's OEM schema, where DMTF's files are. */
  static void valid(JsonNode block) {
    RedfishSchemaValidator.locate()
        .ifPresent(v -> assertEquals(java.util.List.of(), v.validate(block), block.toString()));
  }

  static String in(Duration d) {
    return Instant.now().plus(d).toString();
  }

  static String lease(String owner, String expires, String idleJson) {
    StringBuilder b = new StringBuilder("{\"Oem\":{\"GpuChassisAgent\":{\"Lease\":{");
    if (owner != null) {
      b.append("\"Owner\":\"").append(owner).append("\",");
    }
    b.append("\"Expires\":\"").append(expires).append('"');
    if (idleJson != null) {
      b.append(",\"IdleReleaseAfter\":").append(idleJson);
    }
    return b.append("}}}}").toString();
  }

  static HttpResponse<String> patch(int slot, String body) throws Exception {
    return client.send("PATCH", BLOCK + slot, OPERATOR, body);
  }

  static JsonNode block(int slot) throws Exception {
    return json(client.get(BLOCK + slot, READER));
  }

  static String state(int slot) throws Exception {
    return block(slot).at("/CompositionStatus/CompositionState").asText();
  }

  static void bind(int slot) throws Exception {
    HttpResponse<String> added =
        client.awaitTask(
            client.send(
                "POST",
                ZONE1 + "/Actions/Zone.AddEndpoint",
                OPERATOR,
                "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot"
                    + slot
                    + "\"}}"),
            OPERATOR);
    assertEquals(200, added.statusCode(), added.body());
  }

  static String switchPortOf(int slot) throws Exception {
    return json(client.get(BLOCK + slot + "/Processors/GPU/Ports/PCIe", READER))
        .at("/Links/ConnectedSwitchPorts/0/@odata.id")
        .asText();
  }

  static void awaitTraffic(String metrics) throws Exception {
    until(
        "the GPU moving data", () -> json(client.get(metrics, READER)).get("TXBytes").asLong() > 0);
  }

  @FunctionalInterface
  interface Check {
    boolean holds() throws Exception;
  }

  /** Polls until {@code done} holds, within a generous bound. */
  static void until(String what, Check done) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!done.holds()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + WAIT + ": " + what);
      }
      Thread.sleep(100);
    }
  }

  @FunctionalInterface
  interface Log {
    String read() throws Exception;
  }

  /** The log once it holds every one of {@code texts}, or as it is after the bound. */
  static String awaitLog(Log log, String... texts) throws Exception {
    String body = log.read();
    for (long end = System.nanoTime() + WAIT.toNanos(); System.nanoTime() < end; ) {
      String current = body;
      if (java.util.Arrays.stream(texts).allMatch(current::contains)) {
        break;
      }
      Thread.sleep(100);
      body = log.read();
    }
    return body;
  }

  static String eventLog() throws Exception {
    return client
        .get("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.", READER)
        .body();
  }

  static String securityLog() throws Exception {
    return client
        .get("/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.", ADMIN)
        .body();
  }
}
