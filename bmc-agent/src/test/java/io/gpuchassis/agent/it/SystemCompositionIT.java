package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Composition of a host with POST /redfish/v1/Systems over real HTTPS: specific (the host block and
 * GPU blocks) and constrained (a GPU count with a peer-to-peer requirement), all or nothing. Each
 * test uses its own switch chip.
 */
class SystemCompositionIT {

  static final String CS = "/redfish/v1/CompositionService";
  static final String BLOCKS = CS + "/ResourceBlocks";
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

  static String gpu(int slot) {
    return BLOCKS + "/GPU-Slot" + slot;
  }

  static String host(String id) {
    return BLOCKS + "/" + id;
  }

  /** A specific composition: the host block and GPU blocks. */
  static String specific(String host, int... slots) {
    String gpus =
        Arrays.stream(slots)
            .mapToObj(s -> ",{\"@odata.id\":\"" + gpu(s) + "\"}")
            .collect(Collectors.joining());
    return "{\"Name\":\"training\",\"Links\":{\"ResourceBlocks\":[{\"@odata.id\":\""
        + host(host)
        + "\"}"
        + gpus
        + "]}}";
  }

  /** A constrained composition: the host block and a GPU request. */
  static String constrained(String host, int count, String peerToPeer, String model) {
    return "{\"Links\":{\"ResourceBlocks\":[{\"@odata.id\":\""
        + host(host)
        + "\"}]},"
        + "\"Processors\":{\"Members\":[{\"ProcessorType\":\"GPU\",\"@Redfish.RequestedCount\":"
        + count
        + (model == null ? "" : ",\"Model\":\"" + model + "\"")
        + "}]}"
        + (peerToPeer == null
            ? ""
            : ",\"Oem\":{\"GpuChassisAgent\":{\"PeerToPeer\":\"" + peerToPeer + "\"}}")
        + "}";
  }

  static HttpResponse<String> compose(String who, String body) throws Exception {
    HttpResponse<String> r = client.send("POST", SYSTEMS, who, body);
    return r.statusCode() == 202 ? client.awaitTask(r, who) : r;
  }

  static JsonNode get(String uri) throws Exception {
    HttpResponse<String> r = client.get(uri, READER);
    assertEquals(200, r.statusCode(), uri + ": " + r.body());
    return json(r);
  }

  static List<String> blocksOf(String host) throws Exception {
    return get(SYSTEMS + "/" + host).at("/Links/ResourceBlocks").findValuesAsText("@odata.id");
  }

  static List<String> zoneEndpoints(String host) throws Exception {
    return get("/redfish/v1/Fabrics/PCIe/Zones/" + host)
        .at("/Links/Endpoints")
        .findValuesAsText("@odata.id");
  }

  static String state(String block) throws Exception {
    return get(block).at("/CompositionStatus/CompositionState").asText();
  }

  static List<String> texts(JsonNode array) {
    List<String> texts = new java.util.ArrayList<>();
    array.forEach(n -> texts.add(n.asText()));
    return texts;
  }

  static void assertMessage(HttpResponse<String> r, int status, String messageId) {
    assertEquals(status, r.statusCode(), r.body());
    assertTrue(r.body().contains("\"" + messageId + "\""), messageId + " in " + r.body());
  }

  @Test
  void the_collection_advertises_both_compositions_and_the_capabilities_validate()
      throws Exception {
    JsonNode capabilities = get(SYSTEMS).get("@Redfish.CollectionCapabilities");
    assertEquals(
        List.of("ComputerSystemComposition", "ComputerSystemConstrainedComposition"),
        capabilities.get("Capabilities").findValuesAsText("UseCase"));
    assertEquals(
        List.of(SYSTEMS + "/Capabilities", SYSTEMS + "/ConstrainedCompositionCapabilities"),
        capabilities.get("Capabilities").findValues("CapabilitiesObject").stream()
            .map(c -> c.get("@odata.id").asText())
            .toList());
    assertEquals(
        4, capabilities.at("/Capabilities/1/Links/RelatedItem").size(), "every resource zone");

    JsonNode constrained = get(SYSTEMS + "/ConstrainedCompositionCapabilities");
    assertTrue(constrained.get("Processors@Redfish.RequiredOnCreate").asBoolean());
    JsonNode member = constrained.at("/Processors/Members/0");
    assertTrue(member.get("@Redfish.RequestedCountRequired").asBoolean());
    assertEquals(List.of("GPU"), texts(member.get("ProcessorType@Redfish.AllowableValues")));
    assertEquals(
        List.of("NVIDIA H100 PCIe", "NVIDIA L40S"),
        texts(member.get("Model@Redfish.AllowableValues")));
    assertEquals(
        List.of("SameSwitch", "Any"),
        texts(constrained.at("/Oem/GpuChassisAgent/PeerToPeer@Redfish.AllowableValues")));
    JsonNode specific = get(SYSTEMS + "/Capabilities");
    assertTrue(specific.at("/Links/ResourceBlocks@Redfish.RequiredOnCreate").asBoolean());
    assertTrue(
        specific.at("/Links/ResourceBlocks@Redfish.UpdatableAfterCreate").asBoolean(),
        "the composed host is expandable: a PATCH of Links.ResourceBlocks changes its GPUs");

    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      for (String uri :
          List.of(
              SYSTEMS,
              SYSTEMS + "/Capabilities",
              SYSTEMS + "/ConstrainedCompositionCapabilities",
              host("Host1"))) {
        assertEquals(List.of(), validator.get().validate(get(uri)), uri);
      }
    }
    HttpResponse<String> delete = client.send("DELETE", SYSTEMS + "/Capabilities", ADMIN, null);
    assertEquals(405, delete.statusCode(), "a capabilities object is not a host: " + delete.body());
    assertEquals("GET, HEAD", delete.headers().firstValue("Allow").orElse(""));
  }

  @Test
  void specific_composition_binds_every_named_gpu_into_the_host() throws Exception {
    assertEquals(403, compose(READER, specific("Host1", 1, 2)).statusCode());
    HttpResponse<String> created = compose(OPERATOR, specific("Host1", 1, 2));
    assertEquals(201, created.statusCode(), created.body());
    assertEquals(SYSTEMS + "/Host1", created.headers().firstValue("Location").orElse(""));
    assertEquals(
        List.of(host("Host1"), gpu(1), gpu(2)),
        json(created).at("/Links/ResourceBlocks").findValuesAsText("@odata.id"));

    assertEquals(List.of(host("Host1"), gpu(1), gpu(2)), blocksOf("Host1"));
    assertTrue(
        zoneEndpoints("Host1")
            .containsAll(
                List.of(
                    "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1",
                    "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot2")),
        "the fabric zone has both GPUs");
    assertEquals("Composed", state(gpu(1)));
    assertEquals("Composed", state(host("Host1")));
    JsonNode system = get(SYSTEMS + "/Host1");
    assertEquals("SameSwitch", system.at("/Oem/GpuChassisAgent/GpuPeerPath/Path").asText());
    assertEquals(0, system.at("/Oem/GpuChassisAgent/HostPath/InterSwitchHops").asInt());

    HttpResponse<String> again = compose(OPERATOR, specific("Host1", 3));
    assertMessage(again, 409, "Composition.1.1.3.ResourceBlockInUse");
    assertTrue(
        again.body().contains("AddResourceBlock"),
        "points to the expansion action: " + again.body());
    assertEquals("Unused", state(gpu(3)));
  }

  @Test
  void one_unusable_block_fails_the_whole_request_and_nothing_is_bound() throws Exception {
    // Host4 takes slot 19 over the links SW2 -> SW3 -> SW4, which then carry Host4's GPUs only:
    // slot 18 is out of
    // Host3's reach.
    agent.agent.bindings().bind(19, "Host4").join();
    try {
      assertMessage(
          compose(OPERATOR, specific("Host3", 6, 7, 18)),
          400,
          "Composition.1.1.3.IncompatibleZone");
    } finally {
      agent.agent.bindings().unbind(19, true).join();
    }
    assertMessage(
        compose(OPERATOR, specific("Host3", 6, 5)), 400, "Composition.1.1.3.ResourceBlockNotFound");
    assertMessage(
        compose(OPERATOR, specific("Host3", 6, 6)), 409, "Composition.1.1.3.ResourceBlockInUse");
    assertMessage(
        compose(OPERATOR, "{\"Links\":{\"ResourceBlocks\":[{\"@odata.id\":\"" + gpu(6) + "\"}]}}"),
        400,
        "Base.1.22.1.PropertyValueError");
    assertMessage(
        compose(OPERATOR, "{\"Links\":{}}"), 400, "Base.1.22.1.CreateFailedMissingReqProperties");
    assertMessage(
        compose(OPERATOR, specific("Host3", 6).replace("\"Name\"", "\"Colour\"")),
        400,
        "Base.1.22.1.PropertyUnknown");
    assertMessage(
        compose(OPERATOR, specific("Host3", 6).replace("\"Name\"", "\"Id\"")),
        400,
        "Base.1.22.1.PropertyNotWritable");

    HttpResponse<String> added =
        client.send(
            "POST",
            SYSTEMS + "/Host4/Actions/ComputerSystem.AddResourceBlock",
            OPERATOR,
            "{\"ResourceBlock\":{\"@odata.id\":\"" + gpu(9) + "\"}}");
    assertEquals(
        200, (added.statusCode() == 202 ? client.awaitTask(added, OPERATOR) : added).statusCode());
    assertMessage(
        compose(OPERATOR, specific("Host3", 8, 9)), 409, "Composition.1.1.3.ResourceBlockInUse");

    for (int slot : new int[] {6, 7, 8}) {
      assertEquals("Unused", state(gpu(slot)), "slot " + slot);
    }
    assertEquals(List.of(host("Host3")), blocksOf("Host3"));
    assertEquals(
        List.of(), zoneEndpoints("Host3").stream().filter(e -> e.contains("GPU")).toList());
  }

  @Test
  void a_bind_that_fails_on_the_switch_undoes_the_ones_already_made() throws Exception {
    // Slot 17's link (SW4 port 1) never comes up: its bind fails after slot 16 was bound.
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("link-down", "/redfish/v1/Fabrics/PCIe/Switches/SW4/Ports/1");
    try {
      HttpResponse<String> accepted =
          client.send(
              "POST", SYSTEMS, OPERATOR, specific("Host7", 16, 17), "Prefer", "respond-async");
      assertEquals(202, accepted.statusCode(), accepted.body());
      HttpResponse<String> failed = client.awaitTask(accepted, OPERATOR);
      assertEquals(503, failed.statusCode(), failed.body());
      assertTrue(failed.body().contains("undone"), failed.body());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    assertEquals("Unused", state(gpu(16)), "the bind made first was released again");
    assertEquals("Unused", state(gpu(17)));
    assertEquals(List.of(host("Host7")), blocksOf("Host7"));
    assertEquals(
        List.of(), zoneEndpoints("Host7").stream().filter(e -> e.contains("GPU")).toList());
  }

  @Test
  void constrained_composition_places_gpus_behind_one_switch_or_says_why_not() throws Exception {
    HttpResponse<String> created = compose(OPERATOR, constrained("Host5", 4, "SameSwitch", null));
    assertEquals(201, created.statusCode(), created.body());
    assertEquals(SYSTEMS + "/Host5", created.headers().firstValue("Location").orElse(""));
    assertEquals(List.of(host("Host5"), gpu(11), gpu(12), gpu(13), gpu(14)), blocksOf("Host5"));
    assertEquals(
        "SameSwitch", get(SYSTEMS + "/Host5").at("/Oem/GpuChassisAgent/GpuPeerPath/Path").asText());

    // Host5 takes a GPU of SW4 too, over the link SW3 -> SW4, which then carries Host5's GPUs only:
    // Host6 has its own
    // chip's GPUs, all taken, and no way further.
    agent.agent.bindings().bind(16, "Host5").join();
    HttpResponse<String> none = compose(OPERATOR, constrained("Host6", 1, "SameSwitch", null));
    assertMessage(none, 400, "Composition.1.1.3.NoResourceMatch");
    assertTrue(none.body().contains("only 0 free GPUs are on any one switch chip"), none.body());

    HttpResponse<String> tooMany = compose(OPERATOR, constrained("Host8", 5, "SameSwitch", null));
    assertMessage(tooMany, 400, "Composition.1.1.3.NoResourceMatch");
    // How many one chip has left depends on what the other tests of this class hold; never five.
    assertTrue(
        tooMany.body().matches("(?s).*only [0-4] free GPUs are on any one switch chip.*"),
        tooMany.body());

    HttpResponse<String> wrongModel =
        compose(OPERATOR, constrained("Host8", 1, null, "NVIDIA A100 PCIe"));
    assertMessage(wrongModel, 400, "Composition.1.1.3.NoResourceMatch");
    assertMessage(
        compose(OPERATOR, constrained("Host8", 1, "Nearby", null)),
        400,
        "Base.1.22.1.PropertyValueNotInList");
    assertMessage(
        compose(OPERATOR, constrained("Host8", 0, null, null)),
        400,
        "Base.1.22.1.PropertyValueError");
    assertMessage(
        compose(OPERATOR, constrained("Host8", 1, null, null).replace("\"GPU\"", "\"CPU\"")),
        400,
        "Base.1.22.1.PropertyValueNotInList");
    assertEquals(List.of(host("Host8")), blocksOf("Host8"), "no refusal bound anything");
    agent.agent.bindings().unbind(16, true).join();
  }

  @Test
  void a_constrained_composition_beyond_the_hosts_chip_reports_the_inter_switch_path(
      @TempDir Path dir) throws Exception {
    try (TestAgent fresh = TestAgent.start(dir)) {
      HttpResponse<String> r =
          fresh.client.send(
              "POST", SYSTEMS, OPERATOR, constrained("Host2", 6, "Any", "NVIDIA H100 PCIe"));
      HttpResponse<String> created =
          r.statusCode() == 202 ? fresh.client.awaitTask(r, OPERATOR) : r;
      assertEquals(201, created.statusCode(), created.body());
      JsonNode system = json(fresh.client.get(SYSTEMS + "/Host2", READER));
      assertEquals(
          List.of(host("Host2"), gpu(1), gpu(2), gpu(3), gpu(4), gpu(6), gpu(7)),
          system.at("/Links/ResourceBlocks").findValuesAsText("@odata.id"),
          "SW1's four, then SW2's nearest");
      assertEquals("InterSwitch", system.at("/Oem/GpuChassisAgent/GpuPeerPath/Path").asText());
      assertEquals(
          1,
          system.at("/Oem/GpuChassisAgent/HostPath/InterSwitchHops").asInt(),
          "SW2 is one link away");
    }
  }
}
