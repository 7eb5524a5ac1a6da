package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import io.gpuchassis.agent.config.SunfishSettings;
import io.gpuchassis.agent.tls.TestCertificates;
import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent with an OpenFabrics Sunfish core configured, against a core played over HTTPS with a
 * private CA: at every start it registers ({@code AggregationSourceDiscovered}, whose
 * OriginOfCondition the core GETs with its account as the agent's ConnectionMethod, then one {@code
 * ResourceCreated} per top-level resource carrying the id the core gave it) and after a restart
 * says so ({@code RedfishServiceStarted}); and the core's forwarded requests, taken as the core
 * takes them (only 200 counts), attach GPUs through a Connection and detach them again with no step
 * the core does not have (no ReadyToRemove: the GPUs went idle, and {@code release-or-idle} lets
 * them go).
 */
class SunfishIT {

  static final Duration WAIT = Duration.ofSeconds(60);
  static final String CONNECTIONS = "/redfish/v1/Fabrics/PCIe/Connections";
  static final String DESTINATION = "/redfish/v1/EventService/Subscriptions/SunfishServer";
  static final String CONNECTION_METHODS = "/redfish/v1/AggregationService/ConnectionMethods";

  static Vertx vertx;
  static SunfishCore core;
  static Path authority;
  @TempDir static Path files;

  @BeforeAll
  static void startCore() throws Exception {
    vertx = Vertx.vertx();
    TestCertificates.Issued ca = TestCertificates.authority("Sunfish Core CA");
    core =
        SunfishCore.start(
            vertx, TestCertificates.issuedBy(ca, "CN=sunfish.example", TestCertificates.ec()));
    authority = files.resolve("sunfish-ca.pem");
    Files.writeString(authority, TestCertificates.pemOf(ca.certificate()));
  }

  @AfterAll
  static void stopCore() {
    core.close();
    vertx.close().await();
  }

  /**
   * The agent of {@code stateDir} with the core configured; the core reads it with the operator's
   * account, the account the core's forwarded changes need.
   */
  static TestAgent startWithCore(Path stateDir) throws Exception {
    core.readsAgentWith(stateDir.resolve("tls/https-cert.pem"), OPERATOR);
    return TestAgent.start(stateDir, SunfishIT::withCore);
  }

  /** The agent as the configuration file's {@code sunfish} section sets it, reaching the core. */
  static AgentConfig withCore(AgentConfig config) {
    return config
        .withSunfish(
            new SunfishSettings(
                Optional.of(URI.create(core.url())), Optional.empty(), Optional.of(authority)))
        // The core listens on loopback, which the default outbound policy denies
        .withOutbound(config.outbound().withDeniedNetworks(List.of("169.254.0.0/16", "fe80::/10")))
        .withSwitchPollInterval(Duration.ofMillis(200))
        .withComposition(
            new CompositionSettings(Policy.RELEASE_OR_IDLE, Duration.ofSeconds(4), Map.of()));
  }

  @Test
  void the_agent_registers_at_every_start_and_says_when_it_restarted(@TempDir Path stateDir)
      throws Exception {
    core.clear();
    List<String> expected = new ArrayList<>();
    String first;
    try (TestAgent agent = startWithCore(stateDir)) {
      String base = "https://127.0.0.1:" + agent.agent.port();
      expected.add("/redfish/v1/Fabrics/PCIe");
      expected.add("/redfish/v1/Chassis/GPUChassis");
      expected.add("/redfish/v1/CompositionService");
      json(agent.client.get("/redfish/v1/Systems", READER))
          .path("Members")
          .forEach(m -> expected.add(m.path("@odata.id").asText()));

      String serviceUuid = json(agent.client.get("/redfish/v1/", null)).path("UUID").asText();
      String connectionMethod = CONNECTION_METHODS + "/" + serviceUuid;

      JsonNode discovered = nextRegistrationEvent();
      assertEquals("ResourceEvent.1.4.3.AggregationSourceDiscovered", messageId(discovered));
      assertEquals(List.of("Redfish", base), args(discovered));
      assertEquals("", discovered.path("Context").asText(""), "not known to the core yet");
      assertEquals(
          connectionMethod, discovered.at("/Events/0/OriginOfCondition/@odata.id").asText());
      // What the core read of it before it answered, as the reference core reads it
      JsonNode read = core.connectionMethod(connectionMethod).orElseThrow();
      assertEquals("Redfish", read.path("ConnectionMethodType").asText());
      assertEquals("#ConnectionMethod.v1_2_0.ConnectionMethod", read.path("@odata.type").asText());
      assertEquals(serviceUuid, read.path("Id").asText());
      // The reference core sends no credentials; the agent opens nothing for it
      assertEquals(401, agent.client.get(connectionMethod, null).statusCode());
      // The AggregationService that holds it, linked from the service root
      assertEquals(
          "/redfish/v1/AggregationService",
          json(agent.client.get("/redfish/v1/", null))
              .at("/AggregationService/@odata.id")
              .asText());
      assertEquals(
          List.of(connectionMethod),
          json(agent.client.get(CONNECTION_METHODS, READER))
              .path("Members")
              .findValuesAsText("@odata.id"));
      first = core.lastSource();
      assertEquals(expected, announced(first, expected.size()));

      JsonNode destination = json(agent.client.get(DESTINATION, ADMIN));
      assertEquals(core.url(), destination.path("Destination").asText());
      assertEquals(first, destination.path("Context").asText(), "the id the core gave");
    }

    try (TestAgent agent = startWithCore(stateDir)) {
      JsonNode discovered = nextRegistrationEvent();
      assertEquals("ResourceEvent.1.4.3.AggregationSourceDiscovered", messageId(discovered));
      String second = core.lastSource();
      assertFalse(second.equals(first));
      assertEquals(expected, announced(second, expected.size()));
      JsonNode resync = nextRegistrationEvent();
      assertEquals("HeartbeatEvent.1.1.1.RedfishServiceStarted", messageId(resync));
      assertEquals(second, resync.path("Context").asText());
      assertEquals(second, json(agent.client.get(DESTINATION, ADMIN)).path("Context").asText());
    }
  }

  @Test
  void the_cores_forwarded_requests_attach_and_detach_gpus_answered_200(@TempDir Path stateDir)
      throws Exception {
    try (TestAgent agent = startWithCore(stateDir)) {
      AgentClient client = agent.client;
      // Attach: a Connection from Host1's initiator endpoint to the GPU in slot 1
      HttpResponse<String> created =
          forward(
              client,
              "POST",
              CONNECTIONS,
              "{\"Links\":{\"InitiatorEndpoints\":[{\"@odata.id\":"
                  + "\"/redfish/v1/Fabrics/PCIe/Endpoints/Host1\"}],"
                  + "\"TargetEndpoints\":["
                  + target(1)
                  + "]}}");
      assertEquals(CONNECTIONS + "/Host1", created.headers().firstValue("Location").orElseThrow());
      assertEquals(List.of(endpoint(1)), targets(json(created)));
      // The same bindings, seen as the Zone
      assertTrue(zoneMembers(client).contains(endpoint(1)));

      // Attach a second GPU to the same host
      HttpResponse<String> patched =
          forward(
              client,
              "PATCH",
              CONNECTIONS + "/Host1",
              "{\"Links\":{\"TargetEndpoints\":[" + target(1) + "," + target(2) + "]}}");
      assertEquals(List.of(endpoint(1), endpoint(2)), targets(json(patched)));

      // The host stops using the GPUs: their switch ports move no more data
      for (int slot : List.of(1, 2)) {
        client.injectFault(ADMIN, "gpu-idle", switchPortOf(client, slot));
      }
      // Detach: the core forwards the DELETE, its client trying again while the GPUs are busy
      HttpResponse<String> deleted = null;
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (System.nanoTime() < deadline) {
        deleted = client.send("DELETE", CONNECTIONS + "/Host1", OPERATOR, null);
        if (deleted.statusCode() != 409) {
          break;
        }
        Thread.sleep(250);
      }
      assertNotNull(deleted);
      assertEquals(200, deleted.statusCode(), "what the core counts as done: " + deleted.body());
      assertEquals(404, client.get(CONNECTIONS + "/Host1", READER).statusCode());
      assertEquals(
          List.of(),
          json(client.get(CONNECTIONS, READER)).path("Members").findValuesAsText("@odata.id"));
      assertFalse(zoneMembers(client).contains(endpoint(1)));
      assertFalse(zoneMembers(client).contains(endpoint(2)));

      // The core follows the Connection through its events: made with slot 1, slot 2 added, the
      // GPUs released one after the other
      assertEquals(
          List.of(
              "ConnectionCreated", "ConnectionModified", "ConnectionModified", "ConnectionRemoved"),
          connectionEvents(CONNECTIONS + "/Host1", 4));
    }
  }

  /** The first {@code count} Connection events the core received about {@code connection}. */
  private static List<String> connectionEvents(String connection, int count) throws Exception {
    List<String> seen = new java.util.ArrayList<>();
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (seen.size() < count && System.nanoTime() < deadline) {
      JsonNode event = core.next(Duration.ofMillis(500));
      if (event == null) {
        continue;
      }
      String id = messageId(event);
      if (id.contains(".Connection")
          && connection.equals(event.at("/Events/0/OriginOfCondition/@odata.id").asText(""))) {
        seen.add(id.substring(id.lastIndexOf('.') + 1));
      }
    }
    return seen;
  }

  /** A request as the core forwards it: only a 200 counts as done (no 201, 202 or 204). */
  private static HttpResponse<String> forward(
      AgentClient client, String method, String uri, String body) throws Exception {
    HttpResponse<String> answer = client.send(method, uri, OPERATOR, body);
    assertEquals(200, answer.statusCode(), method + " " + uri + ": " + answer.body());
    return answer;
  }

  /**
   * The next event of the registration (the core also receives the agent's other events, e.g. of
   * its links coming up).
   */
  private static JsonNode nextRegistrationEvent() throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode event = core.next(Duration.ofMillis(500));
      if (event == null) {
        continue;
      }
      String id = messageId(event);
      if (id.endsWith(".AggregationSourceDiscovered")
          || id.endsWith(".ResourceCreated")
          || id.endsWith(".RedfishServiceStarted")) {
        return event;
      }
    }
    throw new AssertionError(
        "no registration event within " + WAIT + "; the core failed: " + core.failures());
  }

  /**
   * The resources the next {@code count} ResourceCreated events name, each with {@code context}.
   */
  private static List<String> announced(String context, int count) throws Exception {
    List<String> origins = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      JsonNode created = nextRegistrationEvent();
      assertEquals("ResourceEvent.1.4.3.ResourceCreated", messageId(created));
      assertEquals(context, created.path("Context").asText(), "the agent as the core knows it");
      origins.add(created.at("/Events/0/OriginOfCondition/@odata.id").asText());
    }
    return origins;
  }

  private static String messageId(JsonNode event) {
    return SunfishCore.messageOf(event);
  }

  private static List<String> args(JsonNode event) {
    List<String> args = new ArrayList<>();
    event.at("/Events/0/MessageArgs").forEach(a -> args.add(a.asText()));
    return args;
  }

  private static String endpoint(int slot) {
    return "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot" + slot;
  }

  private static String target(int slot) {
    return "{\"@odata.id\":\"" + endpoint(slot) + "\"}";
  }

  private static List<String> targets(JsonNode connection) {
    return connection.at("/Links/TargetEndpoints").findValuesAsText("@odata.id");
  }

  private static List<String> zoneMembers(AgentClient client) throws Exception {
    return json(client.get("/redfish/v1/Fabrics/PCIe/Zones/Host1", READER))
        .at("/Links/Endpoints")
        .findValuesAsText("@odata.id");
  }

  private static String switchPortOf(AgentClient client, int slot) throws Exception {
    return json(client.get(
            "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot"
                + slot
                + "/Processors/GPU/Ports/PCIe",
            READER))
        .at("/Links/ConnectedSwitchPorts/0/@odata.id")
        .asText();
  }
}
