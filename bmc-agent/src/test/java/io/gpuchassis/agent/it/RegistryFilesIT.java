package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.TestPasswordHashing;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /redfish/v1/Registries} and {@code /redfish/v1/JsonSchemas} over real HTTPS: every
 * registry whose messages the agent answers with, and every schema it serves, each naming the file
 * DMTF publishes (the registry files the agent serves itself are checked by {@code
 * RedfishLetterIT}).
 */
class RegistryFilesIT {

  static final String ADMIN = basic("admin", "it-admin-password");

  @TempDir static Path stateDir;
  static Agent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST);
    agent =
        Agent.start(
            config,
            Map.of("BMC_AGENT_ADMIN_PASSWORD", "it-admin-password"),
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
  void the_service_root_and_the_odata_document_link_both_collections() throws Exception {
    JsonNode root = json(client.get("/redfish/v1/", null));
    assertEquals("/redfish/v1/Registries", root.at("/Registries/@odata.id").asText());
    assertEquals("/redfish/v1/JsonSchemas", root.at("/JsonSchemas/@odata.id").asText());
    Set<String> odata =
        new TreeSet<>(
            json(client.get("/redfish/v1/odata", null)).get("value").findValuesAsText("url"));
    assertTrue(
        odata.containsAll(Set.of("/redfish/v1/Registries", "/redfish/v1/JsonSchemas")),
        odata::toString);
  }

  @Test
  void registries_point_at_the_published_base_registry() throws Exception {
    JsonNode collection = ok("/redfish/v1/Registries");
    assertTrue(
        collection
            .get("Members")
            .findValuesAsText("@odata.id")
            .contains("/redfish/v1/Registries/Base.1.22"));
    assertEquals(
        14,
        collection.get("Members@odata.count").asInt(),
        "Base, AccountSecurity, Composition, ResourceEvent, Fabric, SensorEvent, Environmental, Platform, TaskEvent,"
            + " Update, HeartbeatEvent (a Sunfish core's restart notice), NetworkDevice (the"
            + " data-path ports) and the agent's two");
    assertTrue(
        collection
            .get("Members")
            .findValuesAsText("@odata.id")
            .contains("/redfish/v1/Registries/Update.1.3"));
    assertTrue(
        collection
            .get("Members")
            .findValuesAsText("@odata.id")
            .contains("/redfish/v1/Registries/ResourceEvent.1.4"));
    assertTrue(
        collection
            .get("Members")
            .findValuesAsText("@odata.id")
            .contains("/redfish/v1/Registries/Fabric.1.0"));

    JsonNode base = ok("/redfish/v1/Registries/Base.1.22");
    assertEquals("Base.1.22", base.get("Id").asText());
    assertEquals("Base.1.22", base.get("Registry").asText());
    assertEquals(List.of("en"), texts(base.get("Languages")));
    assertEquals(1, base.get("Location").size());
    assertEquals("en", base.at("/Location/0/Language").asText());
    assertEquals(
        "https://redfish.dmtf.org/registries/Base.1.22.1.json",
        base.at("/Location/0/PublicationUri").asText());

    // The publication names a real DMTF file whose registry is the one the agent's MessageIds start
    // with.
    Optional<Path> registries = sharedFolder("registries");
    if (registries.isPresent()) {
      Path file = registries.get().resolve("Base.1.22.1.json");
      assertTrue(Files.isRegularFile(file), file::toString);
      JsonNode registry = AgentClient.JSON.readTree(file.toFile());
      assertEquals("Base.1.22.1", registry.get("Id").asText());
      assertEquals("Base", registry.get("RegistryPrefix").asText());
    }
  }

  @Test
  void every_message_the_agent_answers_with_comes_from_a_listed_registry() throws Exception {
    Set<String> listed = new TreeSet<>();
    for (JsonNode member : ok("/redfish/v1/Registries").get("Members")) {
      listed.add(ok(member.get("@odata.id").asText()).get("Registry").asText());
    }
    List<HttpResponse<String>> errors =
        List.of(
            client.get("/redfish/v1/Chassis/NoSuchChassis", ADMIN),
            client.get("/redfish/v1/Chassis", null),
            client.send("PATCH", "/redfish/v1/Chassis", ADMIN, "{}"),
            client.get("/redfish/v1/Chassis?$top=x", ADMIN),
            client.send("POST", CertificateServiceIT.REPLACE, ADMIN, "{}"));
    for (HttpResponse<String> error : errors) {
      for (String id :
          json(error).get("error").get("@Message.ExtendedInfo").findValuesAsText("MessageId")) {
        String[] parts = id.split("\\.");
        String registry = parts[0] + "." + parts[1] + "." + parts[2];
        assertTrue(
            listed.contains(registry),
            () -> id + " comes from " + registry + ", which is not in " + listed);
      }
    }
  }

  @Test
  void json_schemas_list_every_schema_served_with_its_dmtf_publication() throws Exception {
    JsonNode collection = ok("/redfish/v1/JsonSchemas");
    // DMTF's schemas, and the agent's own OEM schema (hosted, checked by RedfishTreeIT)
    assertEquals(Schemas.ALL.size() + 1, collection.get("Members@odata.count").asInt());
    Optional<Path> published = sharedFolder("json-schema");
    List<String> problems = new ArrayList<>();
    for (JsonNode member : collection.get("Members")) {
      JsonNode file = ok(member.get("@odata.id").asText());
      String id = file.get("Id").asText();
      if (id.startsWith("GpuChassisAgent.")) {
        continue;
      }
      String name = id.split("\\.")[0];
      if (!file.get("Schema").asText().equals("#" + id + "." + name)) {
        problems.add(id + ": Schema " + file.get("Schema"));
      }
      if (!texts(file.get("Languages")).equals(List.of("en"))) {
        problems.add(id + ": Languages " + file.get("Languages"));
      }
      String uri = file.at("/Location/0/PublicationUri").asText();
      if (!uri.equals("http://redfish.dmtf.org/schemas/v1/" + id + ".json")) {
        problems.add(id + ": PublicationUri " + uri);
      }
      if (published.isPresent() && !Files.isRegularFile(published.get().resolve(id + ".json"))) {
        problems.add(id + ": DMTF publishes no " + id + ".json");
      }
    }
    assertEquals(List.of(), problems);
    JsonNode chassis = ok("/redfish/v1/JsonSchemas/Chassis.v1_28_0");
    assertEquals("#Chassis.v1_28_0.Chassis", chassis.get("Schema").asText());
    assertEquals(
        "#ChassisCollection.ChassisCollection",
        ok("/redfish/v1/JsonSchemas/ChassisCollection").get("Schema").asText());
  }

  @Test
  void unknown_files_are_not_found_and_reading_needs_credentials() throws Exception {
    for (String uri :
        List.of("/redfish/v1/Registries/Base.1.21", "/redfish/v1/JsonSchemas/Chassis.v1_0_0")) {
      HttpResponse<String> r = client.get(uri, ADMIN);
      assertEquals(404, r.statusCode(), uri);
      assertEquals("Base.1.22.1.ResourceNotFound", json(r).at("/error/code").asText());
    }
    assertEquals(401, client.get("/redfish/v1/Registries", null).statusCode());
    assertEquals(401, client.get("/redfish/v1/JsonSchemas/Chassis.v1_28_0", null).statusCode());
    assertEquals(405, client.send("POST", "/redfish/v1/Registries", ADMIN, "{}").statusCode());
  }

  private static JsonNode ok(String uri) throws Exception {
    HttpResponse<String> r = client.get(uri, ADMIN);
    assertEquals(200, r.statusCode(), () -> uri + ": " + r.body());
    return json(r);
  }

  private static List<String> texts(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }

  /**
   * A folder of the DMTF files beside the project ({@code shared/redfish/<name>}), when they are
   * there.
   */
  private static Optional<Path> sharedFolder(String name) {
    return RedfishSchemaValidator.locate()
        .map(v -> v.schemaDir().getParent().resolve(name))
        .filter(Files::isDirectory);
  }

  @Test
  void every_registry_the_security_log_uses_is_listed_and_the_agents_own_are_served()
      throws Exception {
    JsonNode registries = json(client.get("/redfish/v1/Registries", ADMIN));
    Set<String> ids = new TreeSet<>();
    registries.get("Members").forEach(m -> ids.add(m.get("@odata.id").asText()));
    assertTrue(
        ids.containsAll(
            Set.of(
                "/redfish/v1/Registries/Base.1.22",
                "/redfish/v1/Registries/AccountSecurity.1.0",
                "/redfish/v1/Registries/GpuChassisAudit.1.4")),
        ids.toString());
    JsonNode own = json(client.get("/redfish/v1/Registries/GpuChassisAudit.1.4", ADMIN));
    String uri = own.at("/Location/0/Uri").asText();
    HttpResponse<String> file = client.get(uri, ADMIN);
    assertEquals(200, file.statusCode(), uri);
    JsonNode registry = json(file);
    assertEquals("GpuChassisAudit", registry.get("RegistryPrefix").asText());
    assertEquals(5, registry.at("/Messages/WriteRequest/NumberOfArgs").asInt());
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      assertEquals(List.of(), validator.get().validate(registry));
    }

    JsonNode composition =
        json(client.get("/redfish/v1/Registries/GpuChassisComposition.1.0", ADMIN));
    JsonNode compositionFile = json(client.get(composition.at("/Location/0/Uri").asText(), ADMIN));
    assertEquals("GpuChassisComposition", compositionFile.get("RegistryPrefix").asText());
    assertEquals(
        "Warning", compositionFile.at("/Messages/LinkBelowCapability/MessageSeverity").asText());
    assertEquals(3, compositionFile.at("/Messages/LinkBelowCapability/ArgDescriptions").size());
    if (validator.isPresent()) {
      assertEquals(List.of(), validator.get().validate(compositionFile));
    }
  }
}
