package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.SystemCompositionIT.constrained;
import static io.gpuchassis.agent.it.SystemCompositionIT.gpu;
import static io.gpuchassis.agent.it.SystemCompositionIT.host;
import static io.gpuchassis.agent.it.SystemCompositionIT.specific;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CompositionService.Compose over real HTTPS: Preview changes nothing, PreviewReserve holds blocks
 * against other clients until the reservation is deleted, expires or is applied, Apply does every
 * stanza or none.
 */
class ComposeActionIT {

  static final String CS = "/redfish/v1/CompositionService";
  static final String COMPOSE = CS + "/Actions/CompositionService.Compose";
  static final String SYSTEMS = "/redfish/v1/Systems";

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

  static String stanza(String type, String id, String request) {
    return "{\"StanzaType\":\""
        + type
        + "\",\"StanzaId\":\""
        + id
        + "\",\"Request\":"
        + request
        + "}";
  }

  static String compose(String requestType, String... stanzas) {
    return "{\"RequestType\":\""
        + requestType
        + "\",\"RequestFormat\":\"Manifest\",\"Manifest\":{\"Stanzas\":["
        + String.join(",", stanzas)
        + "]}}";
  }

  static HttpResponse<String> post(String uri, String who, String body) throws Exception {
    HttpResponse<String> r = client.send("POST", uri, who, body);
    return r.statusCode() == 202 ? client.awaitTask(r, who) : r;
  }

  static JsonNode get(String uri) throws Exception {
    HttpResponse<String> r = client.get(uri, READER);
    assertEquals(200, r.statusCode(), uri + ": " + r.body());
    return json(r);
  }

  static String state(String block) throws Exception {
    return get(block).at("/CompositionStatus/CompositionState").asText();
  }

  static List<String> blocksOf(String host) throws Exception {
    return get(SYSTEMS + "/" + host).at("/Links/ResourceBlocks").findValuesAsText("@odata.id");
  }

  static void assertMessage(HttpResponse<String> r, int status, String messageId) {
    assertEquals(status, r.statusCode(), r.body());
    assertTrue(r.body().contains("\"" + messageId + "\""), messageId + " in " + r.body());
  }

  @Test
  void the_action_is_advertised_with_its_action_info() throws Exception {
    JsonNode service = get(CS);
    assertEquals(COMPOSE, service.at("/Actions/#CompositionService.Compose/target").asText());
    assertEquals(
        CS + "/ComposeActionInfo",
        service.at("/Actions/#CompositionService.Compose/@Redfish.ActionInfo").asText());
    assertEquals(
        CS + "/CompositionReservations", service.at("/CompositionReservations/@odata.id").asText());
    assertEquals("PT5M", service.get("ReservationDuration").asText());
    JsonNode info = get(CS + "/ComposeActionInfo");
    assertEquals(
        List.of("RequestType", "RequestFormat", "Manifest", "ReservationId"),
        info.get("Parameters").findValuesAsText("Name"));
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      for (String uri : List.of(CS, CS + "/ComposeActionInfo", CS + "/CompositionReservations")) {
        assertEquals(List.of(), validator.get().validate(get(uri)), uri);
      }
    }
  }

  @Test
  void empty_manifests_and_bad_stanzas_are_refused_by_name() throws Exception {
    assertMessage(
        post(COMPOSE, ADMIN, "{\"RequestType\":\"Preview\",\"Manifest\":{\"Stanzas\":[]}}"),
        400,
        "Composition.1.1.3.EmptyManifest");
    assertMessage(
        post(COMPOSE, ADMIN, "{\"RequestType\":\"Apply\"}"),
        400,
        "Composition.1.1.3.EmptyManifest");
    assertMessage(
        post(
            COMPOSE,
            ADMIN,
            compose("Apply", "{\"StanzaType\":\"ComposeSystem\",\"StanzaId\":\"x\"}")),
        400,
        "Composition.1.1.3.EmptyManifest");

    HttpResponse<String> badType =
        post(
            COMPOSE,
            ADMIN,
            compose(
                "Preview",
                stanza("ComposeSystem", "first", specific("Host1", 1)),
                stanza("RegisterSomething", "second", "{\"a\":1}")));
    assertMessage(badType, 400, "Composition.1.1.3.UnableToProcessStanzaRequest");
    JsonNode args = json(badType).at("/error/@Message.ExtendedInfo/0/MessageArgs");
    assertEquals("Preview", args.get(0).asText());
    assertEquals("second", args.get(1).asText(), "names the stanza");

    HttpResponse<String> badRequest =
        post(
            COMPOSE,
            ADMIN,
            compose("Apply", stanza("ComposeSystem", "gpus", specific("Host1", 1, 99))));
    assertMessage(badRequest, 400, "Composition.1.1.3.UnableToProcessStanzaRequest");
    assertTrue(
        badRequest.body().contains("Composition.1.1.3.ResourceBlockNotFound"),
        "and why: " + badRequest.body());

    assertMessage(
        post(COMPOSE, ADMIN, "{\"RequestType\":\"Later\"}"),
        400,
        "Base.1.22.1.ActionParameterValueNotInList");
    assertEquals(
        403,
        post(
                COMPOSE,
                OPERATOR,
                compose("Preview", stanza("ComposeSystem", "a", specific("Host1", 1))))
            .statusCode(),
        "Compose needs ConfigureManager");
    assertEquals("Unused", state(gpu(1)));
  }

  @Test
  void preview_answers_what_would_be_bound_and_changes_nothing() throws Exception {
    HttpResponse<String> preview =
        post(
            COMPOSE,
            ADMIN,
            compose(
                "Preview",
                stanza("ComposeSystem", "pair", constrained("Host2", 2, "SameSwitch", null))));
    assertEquals(200, preview.statusCode(), preview.body());
    JsonNode response = json(preview);
    assertEquals("Preview", response.get("RequestType").asText());
    JsonNode stanza = response.at("/Manifest/Stanzas/0");
    assertEquals("pair", stanza.get("StanzaId").asText());
    assertEquals(
        List.of(host("Host2"), gpu(1), gpu(2)),
        stanza.at("/Response/Links/ResourceBlocks").findValuesAsText("@odata.id"));
    assertEquals(
        "SameSwitch", stanza.at("/Response/Oem/GpuChassisAgent/GpuPeerPath/Path").asText());
    assertFalse(response.has("ReservationId"));

    assertEquals("Unused", state(gpu(1)));
    assertFalse(get(gpu(1)).at("/CompositionStatus/Reserved").asBoolean());
    assertEquals(List.of(host("Host2")), blocksOf("Host2"));
    assertEquals(0, get(CS + "/CompositionReservations").get("Members@odata.count").asInt());
  }

  @Test
  void a_reservation_holds_its_blocks_against_other_clients_until_it_is_deleted() throws Exception {
    HttpResponse<String> reserved =
        post(
            COMPOSE,
            ADMIN,
            compose("PreviewReserve", stanza("ComposeSystem", "held", specific("Host3", 6, 7))));
    assertEquals(200, reserved.statusCode(), reserved.body());
    String id = json(reserved).get("ReservationId").asText();
    String uri = CS + "/CompositionReservations/" + id;

    JsonNode reservation = get(uri);
    assertEquals("admin", reservation.get("Client").asText());
    assertEquals(
        List.of(host("Host3"), gpu(6), gpu(7)),
        reservation.get("ReservedResourceBlocks").findValuesAsText("@odata.id"));
    assertEquals("ComposeSystem", reservation.at("/Manifest/Stanzas/0/StanzaType").asText());
    JsonNode block = get(gpu(6));
    assertTrue(block.at("/CompositionStatus/Reserved").asBoolean());
    assertEquals(
        "Unused", block.at("/CompositionStatus/CompositionState").asText(), "reserved, not bound");
    assertEquals("admin", block.get("Client").asText());
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      for (String u : List.of(uri, gpu(6), host("Host3"), CS + "/CompositionReservations")) {
        assertEquals(List.of(), validator.get().validate(get(u)), u);
      }
    }

    assertMessage(
        post(SYSTEMS, OPERATOR, specific("Host4", 6)),
        409,
        "Composition.1.1.3.SpecifiedResourceAlreadyReserved");
    assertMessage(
        post(SYSTEMS, OPERATOR, specific("Host3", 8)),
        409,
        "Composition.1.1.3.SpecifiedResourceAlreadyReserved");
    // Host1 takes a GPU of SW3 over the links SW1 -> SW2 -> SW3, so Host4 reaches only its own
    // chip, half reserved.
    int far =
        java.util.stream.IntStream.of(11, 12, 13, 14)
            .filter(s -> agent.agent.model().current().binding(s).host().isEmpty())
            .findFirst()
            .orElseThrow();
    agent.agent.bindings().bind(far, "Host1").join();
    try {
      assertMessage(
          post(SYSTEMS, OPERATOR, constrained("Host4", 3, "SameSwitch", null)),
          409,
          "Composition.1.1.3.ConstrainedResourceAlreadyReserved");
    } finally {
      agent.agent.bindings().unbind(far, true).join();
    }
    assertMessage(
        post(
            SYSTEMS + "/Host4/Actions/ComputerSystem.AddResourceBlock",
            OPERATOR,
            "{\"ResourceBlock\":{\"@odata.id\":\"" + gpu(7) + "\"}}"),
        409,
        "Composition.1.1.3.SpecifiedResourceAlreadyReserved");
    assertMessage(
        post(
            "/redfish/v1/Fabrics/PCIe/Zones/Host4/Actions/Zone.AddEndpoint",
            OPERATOR,
            "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot7\"}}"),
        409,
        "Composition.1.1.3.SpecifiedResourceAlreadyReserved");
    assertMessage(
        client.send(
            "PATCH",
            "/redfish/v1/Fabrics/PCIe/Zones/Host4",
            OPERATOR,
            "{\"Links\":{\"Endpoints\":[{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot6\"}]}}"),
        409,
        "Composition.1.1.3.SpecifiedResourceAlreadyReserved");
    assertEquals("Unused", state(gpu(6)));
    assertEquals("Unused", state(gpu(7)));

    assertEquals(
        403, client.send("DELETE", uri, OPERATOR, null).statusCode(), "needs ConfigureManager");
    assertEquals(204, client.send("DELETE", uri, ADMIN, null).statusCode());
    assertEquals(404, client.get(uri, READER).statusCode());
    assertFalse(get(gpu(6)).at("/CompositionStatus/Reserved").asBoolean());
    HttpResponse<String> created = post(SYSTEMS, OPERATOR, specific("Host4", 6));
    assertEquals(201, created.statusCode(), "free again: " + created.body());
  }

  @Test
  void a_reservation_expires_after_the_reservation_duration() throws Exception {
    assertEquals(
        403, client.send("PATCH", CS, OPERATOR, "{\"ReservationDuration\":\"PT1S\"}").statusCode());
    assertMessage(
        client.send("PATCH", CS, ADMIN, "{\"ReservationDuration\":\"five minutes\"}"),
        400,
        "Base.1.22.1.PropertyValueFormatError");
    HttpResponse<String> patched =
        client.send("PATCH", CS, ADMIN, "{\"ReservationDuration\":\"PT1S\"}");
    assertEquals(200, patched.statusCode(), patched.body());
    try {
      HttpResponse<String> reserved =
          post(
              COMPOSE,
              ADMIN,
              compose("PreviewReserve", stanza("ComposeSystem", "short", specific("Host5", 11))));
      assertEquals(200, reserved.statusCode(), reserved.body());
      String uri = CS + "/CompositionReservations/" + json(reserved).get("ReservationId").asText();
      assertMessage(
          post(SYSTEMS, OPERATOR, specific("Host6", 11)),
          409,
          "Composition.1.1.3.SpecifiedResourceAlreadyReserved");
      Thread.sleep(1_200);
      assertEquals(404, client.get(uri, READER).statusCode(), "expired");
      assertFalse(get(gpu(11)).at("/CompositionStatus/Reserved").asBoolean());
      HttpResponse<String> created = post(SYSTEMS, OPERATOR, specific("Host6", 11));
      assertEquals(201, created.statusCode(), created.body());
    } finally {
      assertEquals(
          200, client.send("PATCH", CS, ADMIN, "{\"ReservationDuration\":\"PT5M\"}").statusCode());
    }
  }

  @Test
  void apply_with_a_reservation_binds_exactly_the_reserved_blocks() throws Exception {
    HttpResponse<String> reserved =
        post(
            COMPOSE,
            ADMIN,
            compose(
                "PreviewReserve",
                stanza(
                    "ComposeSystem",
                    "pair",
                    constrained("Host7", 2, "SameSwitch", "NVIDIA L40S"))));
    assertEquals(200, reserved.statusCode(), reserved.body());
    String id = json(reserved).get("ReservationId").asText();

    HttpResponse<String> accepted =
        client.send(
            "POST",
            COMPOSE,
            ADMIN,
            "{\"RequestType\":\"Apply\",\"ReservationId\":\"" + id + "\"}",
            "Prefer",
            "respond-async");
    assertEquals(202, accepted.statusCode(), "a task was asked for: " + accepted.body());
    HttpResponse<String> applied = client.awaitTask(accepted, ADMIN);
    assertEquals(200, applied.statusCode(), applied.body());
    assertEquals("Apply", json(applied).get("RequestType").asText());
    assertEquals(
        List.of(host("Host7"), gpu(16), gpu(17)),
        json(applied)
            .at("/Manifest/Stanzas/0/Response/Links/ResourceBlocks")
            .findValuesAsText("@odata.id"));
    assertEquals(List.of(host("Host7"), gpu(16), gpu(17)), blocksOf("Host7"));
    assertTrue(
        get("/redfish/v1/Fabrics/PCIe/Zones/Host7")
            .at("/Links/Endpoints")
            .findValuesAsText("@odata.id")
            .contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot16"));
    assertEquals(
        404, client.get(CS + "/CompositionReservations/" + id, READER).statusCode(), "used up");
    assertMessage(
        post(COMPOSE, ADMIN, "{\"RequestType\":\"Apply\",\"ReservationId\":\"" + id + "\"}"),
        400,
        "Base.1.22.1.ActionParameterValueError");
  }

  @Test
  void apply_does_every_stanza_or_none() throws Exception {
    // Host2 takes slot 7 over the link SW1 -> SW2, which then carries Host2's GPUs only: SW4 is out
    // of Host1's reach.
    agent.agent.bindings().bind(7, "Host2").join();
    try {
      HttpResponse<String> refused =
          post(
              COMPOSE,
              ADMIN,
              compose(
                  "Apply",
                  stanza("ComposeSystem", "good", specific("Host8", 18)),
                  stanza("ComposeSystem", "unreachable", specific("Host1", 19))));
      assertMessage(refused, 400, "Composition.1.1.3.UnableToProcessStanzaRequest");
      assertTrue(refused.body().contains("Composition.1.1.3.IncompatibleZone"), refused.body());
      assertTrue(refused.body().contains("unreachable"), refused.body());
      assertEquals("Unused", state(gpu(18)), "the good stanza was not applied either");
    } finally {
      agent.agent.bindings().unbind(7, true).join();
    }

    // Slot 19's link never comes up: its bind fails on the switch after slot 18 was bound.
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("link-down", "/redfish/v1/Fabrics/PCIe/Switches/SW4/Ports/3");
    try {
      HttpResponse<String> undone =
          post(
              COMPOSE,
              ADMIN,
              compose("Apply", stanza("ComposeSystem", "both", specific("Host8", 18, 19))));
      assertEquals(503, undone.statusCode(), undone.body());
      assertTrue(undone.body().contains("undone"), undone.body());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    assertEquals("Unused", state(gpu(18)));
    assertEquals("Unused", state(gpu(19)));
    assertEquals(List.of(host("Host8")), blocksOf("Host8"));
  }
}
