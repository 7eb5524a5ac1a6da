package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DSP0266 protocol rules over real HTTPS: headers, conditional GETs, query options, paging and
 * their errors.
 */
class ProtocolIT {

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void every_get_carries_odata_version_and_a_strong_etag_and_head_has_no_body() throws Exception {
    HttpResponse<String> get = client.get("/redfish/v1/Chassis/GPUChassis", READER);
    assertEquals("4.0", get.headers().firstValue("OData-Version").orElseThrow());
    String etag = get.headers().firstValue("ETag").orElseThrow();
    assertTrue(etag.startsWith("\"") && etag.endsWith("\""), etag);
    HttpResponse<String> head = client.send("HEAD", "/redfish/v1/Chassis/GPUChassis", READER, null);
    assertEquals(200, head.statusCode());
    assertEquals("", head.body());
    assertEquals(etag, head.headers().firstValue("ETag").orElseThrow());
    assertEquals(
        304,
        client
            .send("GET", "/redfish/v1/Chassis/GPUChassis", READER, null, "If-None-Match", etag)
            .statusCode());
  }

  @Test
  void the_service_root_tells_which_query_options_are_supported() throws Exception {
    JsonNode features = json(client.get("/redfish/v1/", null)).get("ProtocolFeaturesSupported");
    assertTrue(features.get("SelectQuery").asBoolean());
    assertTrue(features.get("FilterQuery").asBoolean());
    assertTrue(features.get("TopSkipQuery").asBoolean());
    assertTrue(features.get("OnlyMemberQuery").asBoolean());
    assertTrue(features.at("/ExpandQuery/Levels").asBoolean());
    assertFalse(features.get("ExcerptQuery").asBoolean());
    assertTrue(features.get("MultipleHTTPRequests").asBoolean());
  }

  @Test
  void requests_pipelined_on_one_connection_are_all_answered_in_order() throws Exception {
    // MultipleHTTPRequests: three requests written at once, before any answer is read
    try (javax.net.ssl.SSLSocket socket = client.rawTls()) {
      String request =
          "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + READER + "\r\n\r\n";
      String all =
          String.format(request, "/redfish/v1/Chassis")
              + String.format(request, "/redfish/v1/Managers")
              + String.format(request, "/redfish/v1/Fabrics");
      socket.getOutputStream().write(all.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      java.io.InputStream in = socket.getInputStream();
      StringBuilder read = new StringBuilder();
      byte[] buffer = new byte[8192];
      while (read.indexOf("\"Name\":\"Fabric Collection\"") < 0
          && read.indexOf("/redfish/v1/Fabrics/PCIe\"") < 0) {
        int n = in.read(buffer);
        if (n < 0) {
          break;
        }
        read.append(new String(buffer, 0, n, java.nio.charset.StandardCharsets.UTF_8));
      }
      String answers = read.toString();
      int chassis = answers.indexOf("\"@odata.id\":\"/redfish/v1/Chassis\"");
      int managers = answers.indexOf("\"@odata.id\":\"/redfish/v1/Managers\"");
      int fabrics = answers.indexOf("\"@odata.id\":\"/redfish/v1/Fabrics\"");
      assertTrue(
          chassis >= 0 && chassis < managers && managers < fabrics,
          "three answers, in the order asked: " + answers);
      assertEquals(3, answers.split("HTTP/1.1 200 OK", -1).length - 1, answers);
    }
  }

  @Test
  void select_keeps_only_the_chosen_properties() throws Exception {
    JsonNode chassis =
        json(
            client.get("/redfish/v1/Chassis/GPUChassis?$select=ChassisType,Status/Health", READER));
    assertEquals("Expansion", chassis.get("ChassisType").asText());
    assertTrue(chassis.has("@odata.id"));
    assertFalse(chassis.has("Manufacturer"));
    assertTrue(chassis.at("/Status/Health").isTextual());
    assertFalse(chassis.at("/Status").has("State"));
  }

  @Test
  void expand_filter_top_skip_and_only_work_on_collections() throws Exception {
    JsonNode switches =
        json(client.get("/redfish/v1/Fabrics/PCIe/Switches?$expand=.($levels=1)", READER));
    assertEquals("PCIe", switches.at("/Members/0/SwitchType").asText(), "members expanded");

    JsonNode filtered =
        json(
            client.get(
                "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports?$filter=PortType%20eq%20'UpstreamPort'",
                READER));
    assertEquals(2, filtered.get("Members@odata.count").asInt(), "two host ports per switch");

    JsonNode page =
        json(client.get("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports?$top=4&$skip=2", READER));
    assertEquals(4, page.get("Members").size());
    assertEquals(9, page.get("Members@odata.count").asInt());
    assertTrue(page.get("Members@odata.nextLink").asText().contains("$skip=6"));

    Set<String> walked = new HashSet<>();
    String next = "/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports?$top=4";
    while (next != null) {
      JsonNode p = json(client.get(next, READER));
      p.get("Members").forEach(m -> walked.add(m.get("@odata.id").asText()));
      next = p.has("Members@odata.nextLink") ? p.get("Members@odata.nextLink").asText() : null;
    }
    assertEquals(9, walked.size(), "following nextLink visits every member once");

    JsonNode only = json(client.get("/redfish/v1/Managers?only", READER));
    assertEquals(
        "EnclosureManager", only.get("ManagerType").asText(), "only: the single member itself");
  }

  @Test
  void unsupported_and_malformed_query_options_are_refused() throws Exception {
    HttpResponse<String> unsupported = client.get("/redfish/v1/Chassis?$orderby=Id", READER);
    assertEquals(501, unsupported.statusCode());
    assertTrue(unsupported.body().contains("QueryParameterUnsupported"), unsupported.body());
    for (String bad :
        new String[] {
          "$top=-1",
          "$top=x",
          "$skip=abc",
          "$filter=Id%20eq",
          "$expand=.($levels=99)",
          "only&$top=1",
          "$select=NoSuchProperty"
        }) {
      HttpResponse<String> r = client.get("/redfish/v1/Chassis?" + bad, READER);
      assertEquals(400, r.statusCode(), bad + ": " + r.body());
      assertTrue(
          json(r)
              .at("/error/@Message.ExtendedInfo/0/MessageId")
              .asText()
              .startsWith("Base.1.22.1."),
          bad);
    }
    assertEquals(
        200, client.get("/redfish/v1/Chassis?unrelated=1", READER).statusCode(), "non-$ ignored");
  }

  @Test
  void an_oversized_body_is_refused_with_413_and_changes_nothing() throws Exception {
    String huge = "{\"SessionTimeout\":600,\"Pad\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";
    HttpResponse<String> r = client.send("PATCH", "/redfish/v1/SessionService", ADMIN, huge);
    assertEquals(413, r.statusCode());
    assertEquals(
        1800, json(client.get("/redfish/v1/SessionService", READER)).get("SessionTimeout").asInt());
  }

  @Test
  void an_odata_version_other_than_4_0_is_refused_with_412() throws Exception {
    HttpResponse<String> refused =
        client.send("GET", "/redfish/v1/Chassis", READER, null, "OData-Version", "4.1");
    assertEquals(412, refused.statusCode(), refused.body());
    assertTrue(refused.body().contains("HeaderInvalid"), refused.body());
    assertEquals(
        200,
        client
            .send("GET", "/redfish/v1/Chassis", READER, null, "OData-Version", "4.0")
            .statusCode());
  }

  @Test
  void a_patch_whose_if_match_is_the_current_etag_with_something_glued_to_it_is_refused_with_412()
      throws Exception {
    HttpResponse<String> current = client.get("/redfish/v1/SessionService", ADMIN);
    String etag = current.headers().firstValue("ETag").orElseThrow();
    int timeout = json(current).get("SessionTimeout").asInt();
    HttpResponse<String> r =
        client.send(
            "PATCH",
            "/redfish/v1/SessionService",
            ADMIN,
            "{\"SessionTimeout\":" + (timeout + 60) + "}",
            "If-Match",
            etag + "garbage");
    assertEquals(412, r.statusCode(), r.body());
    assertEquals(
        timeout,
        json(client.get("/redfish/v1/SessionService", READER)).get("SessionTimeout").asInt());
  }

  @Test
  void get_and_head_answers_say_which_methods_the_resource_supports() throws Exception {
    HttpResponse<String> service = client.get("/redfish/v1/SessionService", READER);
    assertEquals(List.of("GET", "HEAD", "PATCH"), allow(service));
    HttpResponse<String> chassis = client.send("HEAD", "/redfish/v1/Chassis", READER, null);
    assertEquals(List.of("GET", "HEAD"), allow(chassis));
    assertEquals(
        List.of("GET", "HEAD", "POST"),
        allow(client.get("/redfish/v1/SessionService/Sessions", ADMIN)));
  }

  private static List<String> allow(HttpResponse<String> r) {
    return java.util.Arrays.stream(r.headers().firstValue("Allow").orElse("").split(","))
        .map(String::trim)
        .filter(m -> !m.isEmpty())
        .sorted()
        .toList();
  }

  @Test
  void wrong_methods_get_405_with_allow() throws Exception {
    HttpResponse<String> r = client.send("DELETE", "/redfish/v1/Chassis/GPUChassis", ADMIN, null);
    assertEquals(405, r.statusCode());
    assertTrue(r.headers().firstValue("Allow").orElse("").contains("GET"));
  }
}
