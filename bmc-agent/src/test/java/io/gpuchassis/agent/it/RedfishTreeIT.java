package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.config.TestSunfishCores;
import io.gpuchassis.agent.conformance.OemObjects;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.security.TestPasswordHashing;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole agent in-process on the simulated reference chassis, read over real HTTPS: the open
 * documents, the 401 paths, and a crawl of every linked resource validated against the DMTF JSON
 * schemas. A Sunfish core is configured (one never reached), so that the crawl takes in what a core
 * adds: the AggregationService and the core's event destination.
 */
class RedfishTreeIT {

  static final String ADMIN_PASSWORD = "it-admin-password";
  static final String ADMIN = basic("admin", ADMIN_PASSWORD);

  @TempDir static Path stateDir;
  static Agent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST)
            .withSunfish(TestSunfishCores.unreachable());
    agent =
        Agent.start(
            config,
            Map.of("BMC_AGENT_ADMIN_PASSWORD", ADMIN_PASSWORD),
            TestPasswordHashing.hasher());
    client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void version_document_is_open() throws Exception {
    HttpResponse<String> r = client.get("/redfish", null);
    assertEquals(200, r.statusCode());
    assertEquals("/redfish/v1/", json(r).get("v1").asText());
  }

  @Test
  void service_root_is_open_and_complete() throws Exception {
    for (String path : List.of("/redfish/v1/", "/redfish/v1")) {
      HttpResponse<String> r = client.get(path, null);
      assertEquals(200, r.statusCode(), path);
      assertEquals("4.0", r.headers().firstValue("OData-Version").orElse(null));
      assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
      JsonNode root = json(r);
      assertEquals("/redfish/v1/", root.get("@odata.id").asText());
      assertTrue(root.get("RedfishVersion").asText().matches("\\d+\\.\\d+\\.\\d+"));
      assertTrue(root.get("UUID").asText().matches("[0-9a-f-]{36}"));
      assertFalse(root.get("Product").asText().isBlank());
      assertFalse(root.get("Vendor").asText().isBlank());
      assertEquals("/redfish/v1/Chassis", root.at("/Chassis/@odata.id").asText());
      assertEquals("/redfish/v1/Managers", root.at("/Managers/@odata.id").asText());
      assertEquals(
          "/redfish/v1/SessionService/Sessions", root.at("/Links/Sessions/@odata.id").asText());
    }
  }

  @Test
  void odata_service_document_is_open() throws Exception {
    HttpResponse<String> r = client.get("/redfish/v1/odata", null);
    assertEquals(200, r.statusCode());
    JsonNode doc = json(r);
    assertEquals("/redfish/v1/$metadata", doc.get("@odata.context").asText());
    Set<String> urls = new TreeSet<>();
    doc.get("value").forEach(v -> urls.add(v.get("url").asText()));
    assertTrue(
        urls.containsAll(Set.of("/redfish/v1/", "/redfish/v1/Chassis", "/redfish/v1/Managers")),
        urls::toString);
  }

  @Test
  void everything_else_needs_credentials() throws Exception {
    for (String path :
        List.of(
            "/redfish/v1/Chassis",
            "/redfish/v1/Chassis/GPUChassis",
            "/redfish/v1/Managers/BMC",
            "/redfish/v1/SessionService",
            "/redfish/v1/NoSuchThing")) {
      for (String authorization :
          Arrays.asList(
              null,
              basic("admin", "wrong-password"),
              basic("nobody", ADMIN_PASSWORD),
              "Bearer x",
              "Basic !!!notbase64")) {
        HttpResponse<String> r = client.get(path, authorization);
        assertEquals(401, r.statusCode(), path + " with " + authorization);
        // an API client is challenged; a browser is not, so that it never prompts for and caches a
        // password
        assertTrue(
            r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="), path);
        JsonNode error = json(r).get("error");
        assertEquals("Base.1.22.1.NoValidSession", error.get("code").asText());
        assertEquals(
            "Base.1.22.1.NoValidSession", error.at("/@Message.ExtendedInfo/0/MessageId").asText());
        HttpResponse<String> browser =
            client.send("GET", path, authorization, null, "Accept", "text/html");
        assertEquals(401, browser.statusCode(), path + " from a browser with " + authorization);
        assertTrue(browser.headers().firstValue("WWW-Authenticate").isEmpty(), path);
      }
    }
  }

  @Test
  void a_trailing_slash_names_the_same_resource() throws Exception {
    HttpResponse<String> r = client.get("/redfish/v1/Chassis/", ADMIN);
    assertEquals(200, r.statusCode());
    assertEquals("/redfish/v1/Chassis", json(r).get("@odata.id").asText());
  }

  @Test
  void unknown_resources_are_404_and_wrong_methods_405() throws Exception {
    HttpResponse<String> missing = client.get("/redfish/v1/Chassis/NoSuchChassis", ADMIN);
    assertEquals(404, missing.statusCode());
    assertEquals("Base.1.22.1.ResourceNotFound", json(missing).at("/error/code").asText());

    HttpResponse<String> unknownPath = client.get("/redfish/v1/NoSuchCollection", ADMIN);
    assertEquals(404, unknownPath.statusCode());

    HttpResponse<String> patch = client.send("PATCH", "/redfish/v1/Chassis", ADMIN, "{}");
    assertEquals(405, patch.statusCode());
    assertTrue(patch.headers().firstValue("Allow").orElse("").contains("GET"));
    assertEquals("Base.1.22.1.OperationNotAllowed", json(patch).at("/error/code").asText());
  }

  @Test
  void chassis_is_an_expansion_chassis_with_its_slots() throws Exception {
    JsonNode chassis = json(client.get("/redfish/v1/Chassis/GPUChassis", ADMIN));
    assertEquals("Expansion", chassis.get("ChassisType").asText());
    assertEquals("/redfish/v1/Managers/BMC", chassis.at("/Links/ManagedBy/0/@odata.id").asText());

    JsonNode slots =
        json(client.get(chassis.at("/PCIeSlots/@odata.id").asText(), ADMIN)).get("Slots");
    assertEquals(20, slots.size());
    int occupied = 0;
    for (JsonNode slot : slots) {
      assertEquals(16, slot.get("Lanes").asInt());
      if (slot.at("/Status/State").asText().equals("Enabled")) {
        occupied++;
      } else {
        assertEquals("Absent", slot.at("/Status/State").asText());
      }
    }
    assertEquals(16, occupied);
  }

  @Test
  void manager_is_an_enclosure_manager_that_says_it_is_simulated() throws Exception {
    JsonNode managers = json(client.get("/redfish/v1/Managers", ADMIN));
    assertEquals(1, managers.get("Members@odata.count").asInt());
    JsonNode manager = json(client.get(managers.at("/Members/0/@odata.id").asText(), ADMIN));
    assertEquals("EnclosureManager", manager.get("ManagerType").asText());
    assertTrue(manager.at("/Oem/GpuChassisAgent/SimulatedHardware").asBoolean());
    assertTrue(manager.get("Description").asText().contains("SIMULATED"));
    assertEquals(
        json(client.get("/redfish/v1/", null)).get("UUID").asText(), manager.get("UUID").asText());
  }

  @Test
  void every_linked_resource_answers_and_validates_against_its_dmtf_schema() throws Exception {
    // At least one Task, so that the crawl validates a Task member too.
    HttpResponse<String> accepted =
        client.send(
            "POST",
            "/redfish/v1/Fabrics/PCIe/Zones/Host2/Actions/Zone.AddEndpoint",
            ADMIN,
            "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot3\"}}",
            "Prefer",
            "respond-async");
    assertEquals(200, client.awaitTask(accepted, ADMIN).statusCode());
    // A push subscription, an open SSE stream and a logged event, so that their resources are
    // validated too, and
    // the Event body the stream carries.
    assertEquals(
        201,
        client
            .send(
                "POST",
                "/redfish/v1/EventService/Subscriptions",
                ADMIN,
                "{\"Destination\": \"https://192.0.2.1/events\", \"Protocol\": \"Redfish\", \"Context\": \"tree\","
                    + " \"RegistryPrefixes\": [\"Fabric\"], \"OriginResources\": [{\"@odata.id\": \"/redfish/v1/Fabrics/PCIe\"}],"
                    + " \"SubordinateResources\": true}")
            .statusCode());
    Map<String, JsonNode> crawled;
    JsonNode streamed;
    try (SseReader stream = new SseReader(client.stream("/redfish/v1/EventService/SSE", ADMIN))) {
      assertEquals(
          204,
          client
              .send(
                  "POST",
                  "/redfish/v1/EventService/Actions/EventService.SubmitTestEvent",
                  ADMIN,
                  "{\"MessageId\": \"ResourceEvent.1.4.3.ResourceStatusChangedWarning\", \"MessageArgs\": [\"SW1\", \"Warning\"],"
                      + " \"OriginOfCondition\": \"/redfish/v1/Fabrics/PCIe/Switches/SW1\"}")
              .statusCode());
      streamed = stream.next(java.time.Duration.ofSeconds(5)).data();
      crawled = crawl();
    }
    assertTrue(
        crawled.keySet().stream().anyMatch(u -> u.startsWith("/redfish/v1/TaskService/Tasks/")),
        "a Task");
    assertTrue(
        crawled.containsKey("/redfish/v1/UpdateService/FirmwareInventory/SW1"),
        "a switch's firmware");
    assertTrue(
        crawled.keySet().stream()
                .filter(u -> u.matches("/redfish/v1/EventService/Subscriptions/[^/]+"))
                .count()
            == 3,
        "a push subscription, an SSE stream and the Sunfish core's destination");
    assertTrue(
        crawled.keySet().stream()
            .anyMatch(u -> u.startsWith("/redfish/v1/AggregationService/ConnectionMethods/")),
        "the ConnectionMethod, through the service root's AggregationService");
    assertTrue(
        crawled.keySet().stream()
            .anyMatch(u -> u.startsWith("/redfish/v1/Managers/BMC/LogServices/EventLog/Entries/")),
        "an event log entry");
    assertTrue(
        crawled.containsKey("/redfish/v1/Fabrics/PCIe/Oem/GpuChassisAgent/PeerPaths"),
        "the OEM resource, through the Fabric's Oem link");
    crawled.put("(the SSE stream's event)", streamed);
    assertTrue(crawled.size() >= 8, () -> "crawled only " + crawled.keySet());
    // Every OEM type the agent defines is among the bodies validated (against the agent's own OEM
    // schema).
    assertEquals(
        Set.of(
            "Manager",
            "PCIeDevice",
            "Switch",
            "Port",
            "PortMetrics",
            "ComputerSystem",
            "SoftwareInventory",
            "Fabric"),
        new TreeSet<>(
            oemTypes(crawled.values()).stream()
                .map(t -> t.substring(t.lastIndexOf('.') + 1))
                .toList()));

    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    Assumptions.assumeTrue(
        validator.isPresent(),
        "DMTF JSON schemas not found (../shared/redfish/json-schema): schema check skipped");
    List<String> failures = new ArrayList<>();
    crawled.forEach(
        (uri, body) ->
            validator.get().validate(body).forEach(error -> failures.add(uri + ": " + error)));
    assertEquals(List.of(), failures);
  }

  @Test
  void metadata_references_the_namespace_of_every_type_served() throws Exception {
    HttpResponse<String> r = client.get("/redfish/v1/$metadata", null);
    assertEquals(200, r.statusCode());
    assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/xml"));
    String csdl = r.body();
    assertTrue(csdl.contains("<edmx:Edmx"));
    for (JsonNode body : crawl().values()) {
      String type = body.get("@odata.type").asText().substring(1);
      String namespace = type.substring(0, type.lastIndexOf('.'));
      String file = namespace.split("\\.")[0];
      assertTrue(
          csdl.contains("<edmx:Include Namespace=\"" + namespace + "\"/>"),
          () -> namespace + " missing in $metadata");
      // An OEM resource's type is in the agent's own CSDL, checked below.
      assertTrue(
          file.equals("GpuChassisAgent")
              || csdl.contains("http://redfish.dmtf.org/schemas/v1/" + file + "_v1.xml"),
          file);
    }
    // The OEM objects' namespaces come from the agent's own CSDL, which it hosts (behind Login,
    // like the schema
    // repository; only $metadata itself is open).
    String oemCsdl = "/redfish/v1/Schemas/GpuChassisAgent_v1.xml";
    assertTrue(csdl.contains("<edmx:Reference Uri=\"" + oemCsdl + "\">"), csdl);
    for (String type : oemTypes(crawl().values())) {
      String namespace = type.substring(1, type.lastIndexOf('.'));
      assertTrue(csdl.contains("<edmx:Include Namespace=\"" + namespace + "\"/>"), namespace);
      assertTrue(
          csdl.contains("<edmx:Include Namespace=\"" + namespace.split("\\.")[0] + "\"/>"),
          "its actions");
    }
    assertEquals(401, client.get(oemCsdl, null).statusCode());
    HttpResponse<String> hosted = client.get(oemCsdl, ADMIN);
    assertEquals(200, hosted.statusCode());
    assertTrue(
        hosted.headers().firstValue("Content-Type").orElse("").startsWith("application/xml"));
    assertTrue(
        hosted
            .body()
            .contains(
                "<Schema xmlns=\"http://docs.oasis-open.org/odata/ns/edm\" Namespace=\"GpuChassisAgent.v1_0_0\">"));
  }

  /** The {@code @odata.type} of every OEM object in {@code bodies}. */
  private static Set<String> oemTypes(java.util.Collection<JsonNode> bodies) {
    Set<String> types = new TreeSet<>();
    for (JsonNode body : bodies) {
      for (OemObjects.Found oem : OemObjects.in(body)) {
        if (!oem.action()) {
          types.add(oem.value().path("@odata.type").asText("(none)"));
        }
      }
    }
    return types;
  }

  @Test
  void json_schemas_list_the_schema_of_every_type_served() throws Exception {
    Set<String> listed =
        new TreeSet<>(
            json(client.get("/redfish/v1/JsonSchemas", ADMIN)).findValuesAsText("@odata.id"));
    for (JsonNode body : crawl().values()) {
      String type = body.get("@odata.type").asText().substring(1);
      String namespace = type.substring(0, type.lastIndexOf('.'));
      assertTrue(
          listed.contains("/redfish/v1/JsonSchemas/" + namespace),
          () -> namespace + " missing in JsonSchemas");
    }
    // The OEM schema's file is the agent's own: Location.Uri names it on the agent, and it is
    // served there.
    JsonNode oem = json(client.get("/redfish/v1/JsonSchemas/GpuChassisAgent.v1_0_0", ADMIN));
    assertEquals("#GpuChassisAgent.v1_0_0", oem.get("Schema").asText());
    String uri = oem.at("/Location/0/Uri").asText();
    assertEquals("/redfish/v1/JsonSchemas/GpuChassisAgent.v1_0_0/GpuChassisAgent.v1_0_0.json", uri);
    assertEquals(401, client.get(uri, null).statusCode());
    HttpResponse<String> file = client.get(uri, ADMIN);
    assertEquals(200, file.statusCode());
    assertEquals(uri, json(file).get("$id").asText());
    assertTrue(json(file).at("/definitions/ClearOverTemperatureLatch").isObject());
  }

  /** GETs every URI reachable through {@code @odata.id} links from the service root. */
  static Map<String, JsonNode> crawl() throws Exception {
    return crawl(client, ADMIN);
  }

  /** The same crawl of another agent, as {@code who}. */
  static Map<String, JsonNode> crawl(AgentClient client, String who) throws Exception {
    Map<String, JsonNode> seen = new LinkedHashMap<>();
    Deque<String> queue = new ArrayDeque<>(List.of("/redfish/v1/"));
    while (!queue.isEmpty()) {
      String uri = queue.poll();
      if (seen.containsKey(uri)) {
        continue;
      }
      HttpResponse<String> r = client.get(uri, who);
      assertEquals(
          200, r.statusCode(), () -> uri + " answered " + r.statusCode() + ": " + r.body());
      JsonNode body = json(r);
      assertNotNull(body.get("@odata.type"), uri);
      assertEquals(
          uri.equals("/redfish/v1/") ? "/redfish/v1/" : uri, body.get("@odata.id").asText());
      seen.put(uri, body);
      links(body, queue);
    }
    return seen;
  }

  private static void links(JsonNode node, Deque<String> queue) {
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(
              e -> {
                if (e.getKey().equals("@odata.id") && e.getValue().isTextual()) {
                  String uri = e.getValue().asText().split("#")[0];
                  queue.add(uri);
                } else {
                  links(e.getValue(), queue);
                }
              });
    } else if (node.isArray()) {
      node.forEach(child -> links(child, queue));
    }
  }
}
