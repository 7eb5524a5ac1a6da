package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.network.Ipv4Assignment;
import io.gpuchassis.agent.network.Ipv6Assignment;
import io.gpuchassis.agent.network.ManagementNetwork;
import io.gpuchassis.agent.network.NetworkConfiguration;
import io.gpuchassis.agent.network.NetworkInterfaceInfo;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manager's EthernetInterfaces over HTTPS show this machine's network as {@link
 * ManagementNetwork} reads it, validate against the DMTF schemas, and refuse writes.
 */
class EthernetInterfacesIT {

  static final String MANAGER = "/redfish/v1/Managers/BMC";
  static final String COLLECTION = MANAGER + "/EthernetInterfaces";

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void the_manager_links_a_collection_of_every_interface_but_loopback() throws Exception {
    assertEquals(COLLECTION, ok(MANAGER).at("/EthernetInterfaces/@odata.id").asText());
    JsonNode collection = ok(COLLECTION);
    List<String> expected =
        ManagementNetwork.ofHost().interfaces().stream()
            .map(i -> COLLECTION + "/" + i.name())
            .toList();
    assertFalse(expected.isEmpty(), "this machine has a network interface besides loopback");
    assertEquals(
        expected, collection.findValuesAsText("@odata.id").subList(1, expected.size() + 1));
    assertEquals(expected.size(), collection.get("Members@odata.count").asInt());
    assertFalse(collection.toString().contains(COLLECTION + "/lo\""));
  }

  @Test
  void each_member_shows_what_the_operating_system_reports() throws Exception {
    NetworkConfiguration host = ManagementNetwork.ofHost().read();
    for (NetworkInterfaceInfo nif : host.interfaces()) {
      JsonNode body = ok(COLLECTION + "/" + nif.name());
      assertEquals(nif.name(), body.get("Id").asText());
      assertEquals(nif.enabled(), body.get("InterfaceEnabled").asBoolean());
      assertEquals(nif.enabled() ? "Enabled" : "Disabled", body.at("/Status/State").asText());
      assertEquals(text(nif.macAddress()), text(body.get("MACAddress")));
      assertEquals(text(nif.permanentMacAddress()), text(body.get("PermanentMACAddress")));
      assertEquals(
          nif.mtu().isPresent() ? nif.mtu().getAsInt() : null, integer(body.get("MTUSize")));
      assertEquals(
          nif.speedMbps().isPresent() ? nif.speedMbps().getAsInt() : null,
          integer(body.get("SpeedMbps")));
      assertEquals(linkStatus(nif), text(body.get("LinkStatus")));
      assertEquals(text(host.hostName()), text(body.get("HostName")));
      assertEquals(text(host.fqdn()), text(body.get("FQDN")));
      assertEquals(host.nameServers(), strings(body.get("NameServers")));

      List<String> ipv4 = new ArrayList<>();
      body.get("IPv4Addresses")
          .forEach(
              a ->
                  ipv4.add(
                      a.get("Address").asText()
                          + " "
                          + a.get("SubnetMask").asText()
                          + " "
                          + text(a.get("Gateway"))
                          + " "
                          + text(a.get("AddressOrigin"))));
      assertEquals(nif.ipv4Addresses().stream().map(a -> ipv4(a, nif)).toList(), ipv4);

      List<String> ipv6 = new ArrayList<>();
      body.get("IPv6Addresses")
          .forEach(
              a ->
                  ipv6.add(
                      a.get("Address").asText()
                          + "/"
                          + a.get("PrefixLength").asInt()
                          + " "
                          + text(a.get("AddressOrigin"))
                          + " "
                          + text(a.get("AddressState"))));
      assertEquals(nif.ipv6Addresses().stream().map(EthernetInterfacesIT::ipv6).toList(), ipv6);
    }
  }

  @Test
  void the_collection_and_its_members_validate_against_the_dmtf_schemas() throws Exception {
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isEmpty()) {
      return; // the DMTF schemas are not beside the project: RedfishTreeIT reports the skip
    }
    List<String> errors = new ArrayList<>();
    List<JsonNode> bodies = new ArrayList<>(List.of(ok(MANAGER), ok(COLLECTION)));
    for (NetworkInterfaceInfo nif : ManagementNetwork.ofHost().interfaces()) {
      bodies.add(ok(COLLECTION + "/" + nif.name()));
    }
    bodies.forEach(
        b -> validator.get().validate(b).forEach(e -> errors.add(b.get("@odata.id") + ": " + e)));
    assertEquals(List.of(), errors);
  }

  @Test
  void any_login_reads_them_and_nobody_writes_them() throws Exception {
    String member = COLLECTION + "/" + ManagementNetwork.ofHost().interfaces().get(0).name();
    assertEquals(200, agent.client.get(member, TestAgent.READER).statusCode());
    assertEquals(401, agent.client.get(member, null).statusCode());
    for (String uri : List.of(member, COLLECTION)) {
      HttpResponse<String> patch =
          agent.client.send("PATCH", uri, TestAgent.ADMIN, "{\"MTUSize\": 1280}");
      assertEquals(405, patch.statusCode(), patch::body);
      assertEquals("GET, HEAD", patch.headers().firstValue("Allow").orElse(""));
      HttpResponse<String> post = agent.client.send("POST", uri, TestAgent.ADMIN, "{}");
      assertEquals(405, post.statusCode(), post::body);
    }
  }

  @Test
  void unknown_interfaces_and_managers_are_not_found() throws Exception {
    assertEquals(404, agent.client.get(COLLECTION + "/no-such-nic", TestAgent.ADMIN).statusCode());
    assertEquals(404, agent.client.get(COLLECTION + "/lo", TestAgent.ADMIN).statusCode());
    assertEquals(
        404,
        agent
            .client
            .get("/redfish/v1/Managers/Other/EthernetInterfaces", TestAgent.ADMIN)
            .statusCode());
  }

  private static JsonNode ok(String uri) throws Exception {
    HttpResponse<String> response = agent.client.get(uri, TestAgent.ADMIN);
    assertEquals(200, response.statusCode(), () -> uri + ": " + response.body());
    return json(response);
  }

  private static String linkStatus(NetworkInterfaceInfo nif) {
    return switch (nif.link()) {
      case UP -> "LinkUp";
      case DOWN -> nif.enabled() ? "LinkDown" : "NoLink";
      case UNKNOWN -> null;
    };
  }

  private static String ipv4(Ipv4Assignment a, NetworkInterfaceInfo nif) {
    String origin =
        a.origin()
            .map(
                o ->
                    switch (o) {
                      case DHCP -> "DHCP";
                      case STATIC -> "Static";
                      case LINK_LOCAL -> "IPv4LinkLocal";
                    })
            .orElse(null);
    return a.address() + " " + a.subnetMask() + " " + nif.ipv4Gateway().orElse(null) + " " + origin;
  }

  private static String ipv6(Ipv6Assignment a) {
    return a.address()
        + "/"
        + a.prefixLength()
        + " "
        + a.origin()
            .map(o -> o == Ipv6Assignment.Origin.LINK_LOCAL ? "LinkLocal" : "Static")
            .orElse(null)
        + " "
        + a.state()
            .map(st -> st.name().charAt(0) + st.name().substring(1).toLowerCase(Locale.ROOT))
            .orElse(null);
  }

  private static String text(Optional<String> value) {
    return value.orElse(null);
  }

  private static String text(JsonNode node) {
    return node == null ? null : node.asText();
  }

  private static Integer integer(JsonNode node) {
    return node == null ? null : node.asInt();
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }
}
