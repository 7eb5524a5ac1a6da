package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
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
 * The composition view (CompositionService, ResourceBlocks, ResourceZones, Systems) over real
 * HTTPS, and its agreement with the Fabric's Zones: both are views of one binding engine. Each test
 * uses its own slots and hosts.
 */
class CompositionIT {

  static final String CS = "/redfish/v1/CompositionService";
  static final String BLOCKS = CS + "/ResourceBlocks";
  static final String SYSTEMS = "/redfish/v1/Systems";
  static final String ADD = "/Actions/ComputerSystem.AddResourceBlock";
  static final String REMOVE = "/Actions/ComputerSystem.RemoveResourceBlock";

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

  static String block(int slot) {
    return BLOCKS + "/GPU-Slot" + slot;
  }

  static String hostBlock(String host) {
    return BLOCKS + "/" + host;
  }

  static String blockParam(int slot) {
    return "{\"ResourceBlock\":{\"@odata.id\":\"" + block(slot) + "\"}}";
  }

  static JsonNode get(String uri) throws Exception {
    HttpResponse<String> r = client.get(uri, READER);
    assertEquals(200, r.statusCode(), uri + ": " + r.body());
    return json(r);
  }

  static List<String> links(String uri, String pointer) throws Exception {
    return get(uri).at(pointer).findValuesAsText("@odata.id");
  }

  /**
   * Sends and, when the change was accepted as a task (202), follows its monitor to the final
   * response.
   */
  static HttpResponse<String> post(String uri, String who, String body) throws Exception {
    return finished(client.send("POST", uri, who, body), who);
  }

  static HttpResponse<String> finished(HttpResponse<String> r, String who) throws Exception {
    return r.statusCode() == 202 ? client.awaitTask(r, who) : r;
  }

  static void release(int slot) throws Exception {
    assertEquals(
        200,
        client
            .send(
                "PATCH",
                "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot" + slot,
                OPERATOR,
                "{\"ReadyToRemove\":true}")
            .statusCode());
  }

  @Test
  void every_view_is_served_and_linked() throws Exception {
    JsonNode root = get("/redfish/v1/");
    assertEquals(CS, root.at("/CompositionService/@odata.id").asText());
    assertEquals(SYSTEMS, root.at("/Systems/@odata.id").asText());

    JsonNode service = get(CS);
    assertTrue(service.get("ServiceEnabled").asBoolean());
    assertFalse(service.get("AllowOverprovisioning").asBoolean());
    assertFalse(
        service.get("AllowZoneAffinity").asBoolean(),
        "a request cannot name the zone to fulfil it: the host's block decides");
    assertEquals(CS + "/ActivePool", service.at("/ActivePool/@odata.id").asText());
    assertEquals(CS + "/FreePool", service.at("/FreePool/@odata.id").asText());
    assertEquals(
        16 + 8,
        get(BLOCKS).get("Members@odata.count").asInt(),
        "one block per GPU, none for empty slots, and one per host port");
    JsonNode host = get(hostBlock("Host8"));
    assertEquals("ComputerSystem", host.at("/ResourceBlockType/0").asText());
    assertEquals(1, host.get("ResourceBlockType").size());
    assertEquals("Unused", host.at("/CompositionStatus/CompositionState").asText());
    assertEquals(
        List.of(SYSTEMS + "/Host8"),
        host.at("/Links/ComputerSystems").findValuesAsText("@odata.id"));
    assertEquals(
        List.of(CS + "/ResourceZones/SW4"), host.at("/Links/Zones").findValuesAsText("@odata.id"));

    JsonNode block = get(block(11));
    assertEquals("Processor", block.at("/ResourceBlockType/0").asText());
    assertEquals("Unused", block.at("/CompositionStatus/CompositionState").asText());
    assertFalse(block.at("/CompositionStatus/Reserved").asBoolean());
    assertFalse(block.at("/CompositionStatus/SharingCapable").asBoolean());
    assertEquals("Free", block.get("Pool").asText());
    assertTrue(block.path("Client").isMissingNode());
    assertEquals(
        List.of(CS + "/ResourceZones/SW3"), block.at("/Links/Zones").findValuesAsText("@odata.id"));
    assertEquals(404, client.get(BLOCKS + "/GPU-Slot5", READER).statusCode(), "slot 5 is empty");

    assertEquals(
        4,
        get(CS + "/ResourceZones").get("Members@odata.count").asInt(),
        "one zone per switch chip");
    JsonNode zone = get(CS + "/ResourceZones/SW1");
    assertEquals("ZoneOfResourceBlocks", zone.get("ZoneType").asText());
    assertEquals(
        List.of(block(1), block(2), block(3), block(4), hostBlock("Host1"), hostBlock("Host2")),
        zone.at("/Links/ResourceBlocks").findValuesAsText("@odata.id"),
        "the chip's GPUs and hosts");
    assertTrue(zone.get("Description").asText().contains("Host1, Host2"));

    assertEquals(8, get(SYSTEMS).get("Members@odata.count").asInt(), "one system per host port");
    JsonNode system = get(SYSTEMS + "/Host8");
    assertEquals("Physical", system.get("SystemType").asText());
    assertEquals("ExpandableSystem", system.at("/Composition/UseCases/0").asText());
    assertEquals(
        List.of(hostBlock("Host8")),
        system.at("/Links/ResourceBlocks").findValuesAsText("@odata.id"),
        "a host without GPUs has its own block only");
    assertEquals(
        SYSTEMS + "/Host8" + ADD,
        system.at("/Actions/#ComputerSystem.AddResourceBlock/target").asText());
    assertEquals(
        SYSTEMS + "/Host8" + REMOVE,
        system.at("/Actions/#ComputerSystem.RemoveResourceBlock/target").asText());
    assertEquals(404, client.get(SYSTEMS + "/Host9", READER).statusCode());
  }

  @Test
  void the_views_agree_whichever_one_makes_the_change() throws Exception {
    HttpResponse<String> accepted =
        client.send("POST", SYSTEMS + "/Host1" + ADD, OPERATOR, blockParam(1));
    assertEquals(
        202, accepted.statusCode(), "binding takes switch time: a task answers " + accepted.body());
    assertTrue(
        accepted
            .headers()
            .firstValue("Location")
            .orElseThrow()
            .startsWith("/redfish/v1/TaskService/TaskMonitors/"));
    HttpResponse<String> added = client.awaitTask(accepted, OPERATOR);
    assertEquals(200, added.statusCode(), added.body());
    assertEquals(
        List.of(hostBlock("Host1"), block(1)),
        json(added).at("/Links/ResourceBlocks").findValuesAsText("@odata.id"));

    assertTrue(
        links("/redfish/v1/Fabrics/PCIe/Zones/Host1", "/Links/Endpoints")
            .contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1"),
        "the fabric zone has the GPU");
    JsonNode block = get(block(1));
    assertEquals("Composed", block.at("/CompositionStatus/CompositionState").asText());
    assertEquals("Host1", block.get("Client").asText());
    assertEquals("Active", block.get("Pool").asText());
    assertEquals(
        List.of(SYSTEMS + "/Host1"),
        block.at("/Links/ComputerSystems").findValuesAsText("@odata.id"));
    assertTrue(links(CS + "/ActivePool", "/Members").contains(block(1)));
    assertFalse(links(CS + "/FreePool", "/Members").contains(block(1)));
    assertEquals(
        "Composed",
        get(hostBlock("Host1")).at("/CompositionStatus/CompositionState").asText(),
        "a host with a GPU is composed");
    assertTrue(links(CS + "/ActivePool", "/Members").contains(hostBlock("Host1")));
    assertEquals(
        List.of(hostBlock("Host1"), block(1)), links(SYSTEMS + "/Host1", "/Links/ResourceBlocks"));
    // The crawl validates the unbound tree; the composed block and system must validate too.
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      for (String uri :
          List.of(block(1), hostBlock("Host1"), SYSTEMS + "/Host1", CS + "/ActivePool")) {
        assertEquals(List.of(), validator.get().validate(get(uri)), uri);
      }
    }

    HttpResponse<String> early = post(SYSTEMS + "/Host1" + REMOVE, OPERATOR, blockParam(1));
    assertEquals(409, early.statusCode(), "the host has not released the GPU: " + early.body());
    assertEquals(
        List.of(hostBlock("Host1"), block(1)), links(SYSTEMS + "/Host1", "/Links/ResourceBlocks"));

    release(1);
    HttpResponse<String> removed =
        post(
            "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.RemoveEndpoint",
            OPERATOR,
            "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1\"}}");
    assertEquals(200, removed.statusCode(), removed.body());
    assertEquals(
        List.of(hostBlock("Host1")),
        links(SYSTEMS + "/Host1", "/Links/ResourceBlocks"),
        "removed through the fabric");
    assertEquals(
        "Unused", get(hostBlock("Host1")).at("/CompositionStatus/CompositionState").asText());
    assertEquals("Unused", get(block(1)).at("/CompositionStatus/CompositionState").asText());
    assertTrue(links(CS + "/FreePool", "/Members").contains(block(1)));
    assertFalse(links(CS + "/ActivePool", "/Members").contains(block(1)));
  }

  @Test
  void remove_resource_block_releases_a_gpu_the_host_let_go_of() throws Exception {
    assertEquals(200, post(SYSTEMS + "/Host4" + ADD, OPERATOR, blockParam(8)).statusCode());
    release(8);
    HttpResponse<String> removed = post(SYSTEMS + "/Host4" + REMOVE, OPERATOR, blockParam(8));
    assertEquals(200, removed.statusCode(), removed.body());
    assertEquals(
        List.of(hostBlock("Host4")),
        json(removed).at("/Links/ResourceBlocks").findValuesAsText("@odata.id"));
    assertFalse(
        links("/redfish/v1/Fabrics/PCIe/Zones/Host4", "/Links/Endpoints")
            .contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot8"));
  }

  @Test
  void refusals_say_why_and_change_nothing() throws Exception {
    assertEquals(200, post(SYSTEMS + "/Host1" + ADD, ADMIN, blockParam(2)).statusCode());

    HttpResponse<String> inUse = post(SYSTEMS + "/Host2" + ADD, ADMIN, blockParam(2));
    assertEquals(409, inUse.statusCode(), inUse.body());
    assertTrue(inUse.body().contains("Composition.1.1.3.ResourceBlockInUse"), inUse.body());

    // Host1 holds the link SW1 -> SW2 for slot 6; Host2 cannot reach SW2 over it meanwhile.
    assertEquals(200, post(SYSTEMS + "/Host1" + ADD, ADMIN, blockParam(6)).statusCode());
    HttpResponse<String> linkBusy = post(SYSTEMS + "/Host2" + ADD, ADMIN, blockParam(7));
    assertEquals(400, linkBusy.statusCode(), linkBusy.body());
    assertTrue(linkBusy.body().contains("Composition.1.1.3.IncompatibleZone"), linkBusy.body());

    for (String unknown :
        List.of(BLOCKS + "/GPU-Slot5", BLOCKS + "/GPU-Slot99", "/redfish/v1/Chassis/GPUChassis")) {
      HttpResponse<String> r =
          post(
              SYSTEMS + "/Host1" + ADD,
              ADMIN,
              "{\"ResourceBlock\":{\"@odata.id\":\"" + unknown + "\"}}");
      assertEquals(400, r.statusCode(), r.body());
      assertTrue(r.body().contains("Composition.1.1.3.ResourceBlockNotFound"), r.body());
    }
    assertEquals(
        400, post(SYSTEMS + "/Host1" + ADD, ADMIN, "{}").statusCode(), "ResourceBlock is required");

    HttpResponse<String> notMine = post(SYSTEMS + "/Host2" + REMOVE, ADMIN, blockParam(2));
    assertEquals(400, notMine.statusCode(), "slot 2 belongs to Host1: " + notMine.body());

    assertEquals(403, post(SYSTEMS + "/Host2" + ADD, READER, blockParam(3)).statusCode());
    assertEquals(404, post(SYSTEMS + "/Host9" + ADD, ADMIN, blockParam(3)).statusCode());

    assertEquals(
        List.of(hostBlock("Host1"), block(2), block(6)),
        links(SYSTEMS + "/Host1", "/Links/ResourceBlocks"));
    assertFalse(links(SYSTEMS + "/Host2", "/Links/ResourceBlocks").contains(block(2)));
    agent.agent.bindings().unbind(6, true).join();
  }

  @Test
  void etag_parameters_guard_both_sides() throws Exception {
    String systemEtag =
        client.get(SYSTEMS + "/Host2", READER).headers().firstValue("ETag").orElseThrow();
    String blockEtag = client.get(block(3), READER).headers().firstValue("ETag").orElseThrow();
    String stale = "\"0000\"";
    HttpResponse<String> staleSystem =
        post(
            SYSTEMS + "/Host2" + ADD,
            OPERATOR,
            "{\"ResourceBlock\":{\"@odata.id\":\""
                + block(3)
                + "\"},\"ComputerSystemETag\":"
                + quote(stale)
                + "}");
    assertEquals(428, staleSystem.statusCode(), staleSystem.body());
    HttpResponse<String> staleBlock =
        post(
            SYSTEMS + "/Host2" + ADD,
            OPERATOR,
            "{\"ResourceBlock\":{\"@odata.id\":\""
                + block(3)
                + "\"},\"ResourceBlockETag\":"
                + quote(stale)
                + "}");
    assertEquals(428, staleBlock.statusCode(), staleBlock.body());
    assertEquals(
        "Unused",
        get(block(3)).at("/CompositionStatus/CompositionState").asText(),
        "nothing changed");

    HttpResponse<String> fresh =
        post(
            SYSTEMS + "/Host2" + ADD,
            OPERATOR,
            "{\"ResourceBlock\":{\"@odata.id\":\""
                + block(3)
                + "\"},\"ResourceBlockETag\":"
                + quote(blockEtag)
                + ",\"ComputerSystemETag\":"
                + quote(systemEtag)
                + "}");
    assertEquals(200, fresh.statusCode(), fresh.body());
    assertEquals(
        List.of(hostBlock("Host2"), block(3)), links(SYSTEMS + "/Host2", "/Links/ResourceBlocks"));
  }

  @Test
  void a_host_cannot_be_deleted_and_the_refusal_says_how_to_release_its_gpus() throws Exception {
    assertEquals(200, post(SYSTEMS + "/Host3" + ADD, OPERATOR, blockParam(6)).statusCode());
    assertEquals(200, post(SYSTEMS + "/Host3" + ADD, OPERATOR, blockParam(7)).statusCode());
    HttpResponse<String> shown = client.get(SYSTEMS + "/Host3", READER);
    String allow = shown.headers().firstValue("Allow").orElse("");
    assertFalse(
        allow.contains("DELETE"), "DSP2050: an expandable system allows no DELETE: " + allow);
    assertTrue(allow.contains("PATCH"), allow);

    HttpResponse<String> deleted = client.send("DELETE", SYSTEMS + "/Host3", OPERATOR, null);
    assertEquals(405, deleted.statusCode(), deleted.body());
    assertEquals(allow, deleted.headers().firstValue("Allow").orElse(""));
    JsonNode error = json(deleted).path("error");
    String messageId = error.at("/@Message.ExtendedInfo/0/MessageId").asText();
    assertTrue(
        messageId.startsWith("Base.") && messageId.endsWith(".OperationNotAllowed"),
        deleted.body());
    String message = error.path("message").asText();
    assertTrue(
        message.contains("PATCH its Links.ResourceBlocks to []")
            && message.contains("ComputerSystem.RemoveResourceBlock"),
        message);
    assertEquals(
        List.of(hostBlock("Host3"), block(6), block(7)),
        links(SYSTEMS + "/Host3", "/Links/ResourceBlocks"),
        "nothing changed");

    // What the refusal names: the PATCH to [] gives every GPU back, all or nothing.
    release(6);
    release(7);
    HttpResponse<String> emptied =
        finished(
            client.send(
                "PATCH", SYSTEMS + "/Host3", OPERATOR, "{\"Links\":{\"ResourceBlocks\":[]}}"),
            OPERATOR);
    assertEquals(200, emptied.statusCode(), emptied.body());
    assertEquals(
        List.of(hostBlock("Host3")),
        json(emptied).at("/Links/ResourceBlocks").findValuesAsText("@odata.id"));
    assertEquals("Unused", get(block(6)).at("/CompositionStatus/CompositionState").asText());
    assertEquals("Unused", get(block(7)).at("/CompositionStatus/CompositionState").asText());
  }

  private static String quote(String etag) {
    return "\"" + etag.replace("\"", "\\\"") + "\"";
  }
}
