package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.network.ManagementNetwork;
import io.gpuchassis.agent.network.NetworkConfiguration;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Manager's NetworkProtocol and SerialInterfaces over HTTPS: read from the operating system and
 * the console configuration, valid against the DMTF schemas, read-only (PropertyNotWritable); and
 * Manager.Reset, which an agent run in-process (no service that could start it again) refuses.
 */
class ManagerResourcesIT {

  static final String MANAGER = "/redfish/v1/Managers/BMC";
  static final String PROTOCOL = MANAGER + "/NetworkProtocol";
  static final String SERIAL = MANAGER + "/SerialInterfaces";

  /**
   * A console device that does not exist: the console waits for it, and the resource describes it
   * as configured.
   */
  static final String CONSOLE = "/dev/ttyGPUCHASSIS-IT0";

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c -> c.withConsole(c.console().withDevices(List.of(CONSOLE)).withBaud(115200)));
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void the_manager_links_its_network_protocol_serial_interfaces_and_reset() throws Exception {
    JsonNode manager = ok(MANAGER);
    assertEquals(PROTOCOL, manager.at("/NetworkProtocol/@odata.id").asText());
    assertEquals(SERIAL, manager.at("/SerialInterfaces/@odata.id").asText());
    JsonNode reset = manager.at("/Actions/#Manager.Reset");
    assertEquals(MANAGER + "/Actions/Manager.Reset", reset.get("target").asText());
    assertEquals(
        "[\"GracefulRestart\"]", reset.get("ResetType@Redfish.AllowableValues").toString());
    JsonNode info = ok(reset.get("@Redfish.ActionInfo").asText());
    assertEquals("ResetType", info.at("/Parameters/0/Name").asText());
    assertEquals("[\"GracefulRestart\"]", info.at("/Parameters/0/AllowableValues").toString());
    assertEquals("OK", manager.at("/Status/HealthRollup").asText(), "OCP's baseline asks for it");
    JsonNode console = manager.get("SerialConsole");
    assertTrue(console.get("ServiceEnabled").asBoolean(), console.toString());
    assertEquals(1, console.get("MaxConcurrentSessions").asInt(), "one login on the one line");
    assertEquals("[]", console.get("ConnectTypesSupported").toString(), "no network protocol");
  }

  @Test
  void network_protocol_shows_the_agents_https_port_and_what_the_system_says() throws Exception {
    JsonNode body = ok(PROTOCOL);
    NetworkConfiguration host = ManagementNetwork.ofHost().read();
    assertEquals(host.hostName().orElse(null), text(body.get("HostName")));
    assertEquals(host.fqdn().orElse(null), text(body.get("FQDN")));
    assertTrue(body.at("/HTTPS/ProtocolEnabled").asBoolean());
    assertEquals(agent.agent.port(), body.at("/HTTPS/Port").asInt());
    assertEquals(
        MANAGER + "/NetworkProtocol/HTTPS/Certificates",
        body.at("/HTTPS/Certificates/@odata.id").asText());
    assertTrue(body.get("NTP").has("NTPServers"), body::toString);
    // A disabled service names no port: nothing listens on it.
    for (String service : List.of("HTTP", "SSH", "Telnet", "IPMI", "SNMP")) {
      JsonNode p = body.get(service);
      if (p != null) {
        assertEquals(p.get("ProtocolEnabled").asBoolean(), p.has("Port"), service + ": " + p);
      }
    }
  }

  @Test
  void serial_interfaces_are_the_consoles_serial_devices_at_their_line_settings() throws Exception {
    JsonNode collection = ok(SERIAL);
    assertEquals(1, collection.get("Members@odata.count").asInt(), collection::toString);
    String member = SERIAL + "/ttyGPUCHASSIS-IT0";
    assertEquals(member, collection.at("/Members/0/@odata.id").asText());
    JsonNode port = ok(member);
    assertEquals("ttyGPUCHASSIS-IT0", port.get("Id").asText());
    assertTrue(port.get("InterfaceEnabled").asBoolean());
    assertEquals("Rs232", port.get("SignalType").asText());
    assertEquals("115200", port.get("BitRate").asText());
    assertEquals("8", port.get("DataBits").asText());
    assertEquals("None", port.get("Parity").asText());
    assertEquals("1", port.get("StopBits").asText());
    assertEquals("None", port.get("FlowControl").asText());
    assertTrue(port.get("Description").asText().contains(CONSOLE));
    assertEquals(404, agent.client.get(SERIAL + "/ttyS9", TestAgent.ADMIN).statusCode());
    assertEquals(
        404,
        agent
            .client
            .get("/redfish/v1/Managers/Other/SerialInterfaces", TestAgent.ADMIN)
            .statusCode());
  }

  @Test
  void they_validate_against_the_dmtf_schemas() throws Exception {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isEmpty()) {
      return; // the DMTF schemas are not beside the project: RedfishTreeIT reports the skip
    }
    List<String> errors = new ArrayList<>();
    for (String uri :
        List.of(
            MANAGER,
            PROTOCOL,
            SERIAL,
            SERIAL + "/ttyGPUCHASSIS-IT0",
            MANAGER + "/ResetActionInfo")) {
      JsonNode b = ok(uri);
      validator.get().validate(b).forEach(e -> errors.add(uri + ": " + e));
    }
    assertEquals(List.of(), errors);
  }

  @Test
  void writes_are_refused_property_by_property_and_change_nothing() throws Exception {
    String before = ok(PROTOCOL).toString();
    HttpResponse<String> patch =
        agent.client.send(
            "PATCH",
            PROTOCOL,
            TestAgent.ADMIN,
            "{\"HostName\": \"other\", \"SSH\": {\"ProtocolEnabled\": true}}");
    assertEquals(400, patch.statusCode(), patch::body);
    assertTrue(
        patch.body().contains("PropertyNotWritable")
            && patch.body().contains("HostName")
            && patch.body().contains("SSH"),
        patch.body());
    HttpResponse<String> serial =
        agent.client.send(
            "PATCH", SERIAL + "/ttyGPUCHASSIS-IT0", TestAgent.ADMIN, "{\"BitRate\": \"9600\"}");
    assertEquals(400, serial.statusCode(), serial::body);
    assertTrue(serial.body().contains("PropertyNotWritable"), serial.body());
    assertEquals(
        403,
        agent
            .client
            .send("PATCH", PROTOCOL, TestAgent.OPERATOR, "{\"HostName\": \"x\"}")
            .statusCode(),
        "ConfigureManager");
    assertEquals("115200", ok(SERIAL + "/ttyGPUCHASSIS-IT0").get("BitRate").asText());
    assertEquals(json(before).get("HostName"), ok(PROTOCOL).get("HostName"));
  }

  @Test
  void reset_needs_configure_manager_a_known_type_and_a_service_that_can_restart_the_agent()
      throws Exception {
    String reset = MANAGER + "/Actions/Manager.Reset";
    assertEquals(403, agent.client.send("POST", reset, TestAgent.OPERATOR, "{}").statusCode());
    HttpResponse<String> force =
        agent.client.send("POST", reset, TestAgent.ADMIN, "{\"ResetType\": \"ForceRestart\"}");
    assertEquals(400, force.statusCode(), force::body);
    assertTrue(force.body().contains("ActionParameterValueNotInList"), force.body());
    // Started in-process, without AgentService: nothing could start the agent again.
    HttpResponse<String> refused =
        agent.client.send("POST", reset, TestAgent.ADMIN, "{\"ResetType\": \"GracefulRestart\"}");
    assertEquals(503, refused.statusCode(), refused::body);
    assertFalse(agent.agent.restart().requested());
    assertEquals(200, agent.client.get(MANAGER, TestAgent.READER).statusCode(), "still running");
  }

  private static JsonNode json(String text) throws Exception {
    return AgentClient.JSON.readTree(text);
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }

  private static JsonNode ok(String uri) throws Exception {
    HttpResponse<String> response = agent.client.get(uri, TestAgent.ADMIN);
    assertEquals(200, response.statusCode(), () -> uri + ": " + response.body());
    return AgentClient.json(response);
  }
}
