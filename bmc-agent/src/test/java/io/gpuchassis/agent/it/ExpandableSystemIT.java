package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host as DSP2050's expandable system: changed by {@code PATCH Links.ResourceBlocks} to have
 * exactly the GPU blocks listed, all or nothing, under If-Match; every bad request is refused with
 * its message and changes nothing.
 */
class ExpandableSystemIT {

  static final String SYSTEM = "/redfish/v1/Systems/Host1";
  static final String BLOCKS = "/redfish/v1/CompositionService/ResourceBlocks";

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

  static String blocks(String own, int... slots) {
    return "{\"Links\":{\"ResourceBlocks\":["
        + (own == null
            ? ""
            : "{\"@odata.id\":\"" + BLOCKS + "/" + own + "\"}" + (slots.length > 0 ? "," : ""))
        + Arrays.stream(slots)
            .mapToObj(s -> "{\"@odata.id\":\"" + BLOCKS + "/GPU-Slot" + s + "\"}")
            .collect(Collectors.joining(","))
        + "]}}";
  }

  static List<String> gpuBlocks() throws Exception {
    return json(client.get(SYSTEM, READER))
        .at("/Links/ResourceBlocks")
        .findValuesAsText("@odata.id")
        .stream()
        .filter(u -> u.contains("GPU-Slot"))
        .toList();
  }

  static HttpResponse<String> patch(String body, String... headers) throws Exception {
    return client.send("PATCH", SYSTEM, OPERATOR, body, headers);
  }

  @Test
  void the_host_gets_exactly_the_gpus_listed_and_gives_back_only_what_it_let_go() throws Exception {
    String etag = client.get(SYSTEM, READER).headers().firstValue("ETag").orElseThrow();
    HttpResponse<String> grown =
        client.awaitTask(patch(blocks("Host1", 1, 2), "If-Match", etag), OPERATOR);
    assertEquals(200, grown.statusCode(), grown.body());
    assertEquals(List.of(BLOCKS + "/GPU-Slot1", BLOCKS + "/GPU-Slot2"), gpuBlocks());
    String allow = client.get(SYSTEM, READER).headers().firstValue("Allow").orElse("");
    assertTrue(allow.contains("PATCH"), allow);
    assertFalse(allow.contains("DELETE"), "DSP2050 tells an expandable system by that: " + allow);

    HttpResponse<String> held = patch(blocks("Host1", 1));
    assertEquals(409, held.statusCode(), held.body());
    assertTrue(
        held.body().contains("ResourceInUse") && held.body().contains("slot 2"), held.body());
    assertEquals(2, gpuBlocks().size(), "nothing changed");

    assertEquals(
        200,
        client
            .send(
                "PATCH",
                "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot2",
                OPERATOR,
                "{\"ReadyToRemove\":true}")
            .statusCode());
    HttpResponse<String> shrunk = client.awaitTask(patch(blocks("Host1", 1)), OPERATOR);
    assertEquals(200, shrunk.statusCode(), shrunk.body());
    assertEquals(List.of(BLOCKS + "/GPU-Slot1"), gpuBlocks());

    HttpResponse<String> stale = patch(blocks("Host1", 1, 3), "If-Match", etag);
    assertEquals(412, stale.statusCode(), "the system changed since that ETag: " + stale.body());
    assertEquals(List.of(BLOCKS + "/GPU-Slot1"), gpuBlocks());
  }

  @Test
  void a_block_is_reserved_by_patching_reserved_and_only_its_holder_ends_that() throws Exception {
    String block = BLOCKS + "/GPU-Slot6";
    String reservations = "/redfish/v1/CompositionService/CompositionReservations";
    int before = json(client.get(reservations, READER)).get("Members@odata.count").asInt();
    HttpResponse<String> reserved =
        client.send("PATCH", block, OPERATOR, "{\"CompositionStatus\":{\"Reserved\":true}}");
    assertEquals(200, reserved.statusCode(), reserved.body());
    assertTrue(json(reserved).at("/CompositionStatus/Reserved").asBoolean(), reserved.body());
    JsonNode listed = json(client.get(reservations + "?$expand=.", READER));
    assertEquals(before + 1, listed.get("Members@odata.count").asInt());
    assertTrue(listed.toString().contains(block), "a reservation as the Compose action makes");

    // another client may neither take the block nor end the reservation
    HttpResponse<String> taken =
        client.send(
            "POST",
            "/redfish/v1/Systems/Host3/Actions/ComputerSystem.AddResourceBlock",
            TestAgent.ADMIN,
            "{\"ResourceBlock\":{\"@odata.id\":\"" + block + "\"}}");
    assertEquals(409, taken.statusCode(), taken.body());
    assertTrue(taken.body().contains("SpecifiedResourceAlreadyReserved"), taken.body());
    HttpResponse<String> notTheirs =
        client.send(
            "PATCH", block, TestAgent.ADMIN, "{\"CompositionStatus\":{\"Reserved\":false}}");
    assertEquals(409, notTheirs.statusCode(), notTheirs.body());

    for (String bad :
        List.of(
            "{\"CompositionStatus\":{\"Reserved\":\"yes\"}}",
            "{\"CompositionStatus\":{\"CompositionState\":\"Composed\",\"Reserved\":false}}",
            "{\"Name\":\"x\",\"CompositionStatus\":{\"Reserved\":false}}")) {
      HttpResponse<String> r = client.send("PATCH", block, OPERATOR, bad);
      assertEquals(400, r.statusCode(), bad + " -> " + r.body());
    }
    assertTrue(
        json(client.get(block, READER)).at("/CompositionStatus/Reserved").asBoolean(),
        "a refused PATCH changes nothing");

    HttpResponse<String> freed =
        client.send("PATCH", block, OPERATOR, "{\"CompositionStatus\":{\"Reserved\":false}}");
    assertEquals(200, freed.statusCode(), freed.body());
    assertFalse(json(freed).at("/CompositionStatus/Reserved").asBoolean());
    assertEquals(before, json(client.get(reservations, READER)).get("Members@odata.count").asInt());
  }

  @Test
  void bad_patches_say_why_and_change_nothing() throws Exception {
    record Bad(String body, int status, String messageId) {}
    List<String> before = gpuBlocks();
    for (Bad b :
        List.of(
            new Bad("{\"Name\":\"renamed\"}", 400, "PropertyNotWritable"),
            new Bad("{\"Colour\":\"blue\"}", 400, "PropertyUnknown"),
            new Bad("{\"Links\":{\"Chassis\":[]}}", 400, "PropertyNotWritable"),
            new Bad(blocks(null, 4), 400, "PropertyValueIncorrect"),
            new Bad(blocks("Host1", 99), 400, "PropertyValueIncorrect"),
            new Bad(blocks("Host1", 4, 4), 400, "PropertyValueIncorrect"),
            new Bad("{\"Links\":{\"ResourceBlocks\":\"all\"}}", 400, "PropertyValueTypeError"))) {
      HttpResponse<String> r = patch(b.body());
      assertEquals(b.status(), r.statusCode(), b.body() + " -> " + r.body());
      assertTrue(r.body().contains(b.messageId()), b.body() + " -> " + r.body());
    }
    HttpResponse<String> nobody =
        client.send("PATCH", "/redfish/v1/Systems/Host99", OPERATOR, blocks("Host99"));
    assertEquals(404, nobody.statusCode(), nobody.body());
    assertEquals(
        403,
        client.send("PATCH", SYSTEM, READER, blocks("Host1", 4)).statusCode(),
        "ConfigureComponents");
    assertEquals(before, gpuBlocks());
  }
}
