package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemGroups;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One composition core, two fabrics, over HTTPS: the same Redfish requests give a GPU to a PCIe
 * host (a partition bind on the simulated switches) and to an Ethernet host (its I/O engine put
 * into the host engine's group at the simulated ExpEther manager, over the real client's HTTP), and
 * take it back; an Ethernet host's device limit is refused with both numbers; the release policies
 * hold for Ethernet hosts as for PCIe ones.
 */
class EthernetHostIT {

  static final String SYSTEMS = "/redfish/v1/Systems";
  static final Duration WAIT = Duration.ofSeconds(60);

  /** EthHost1 is under the default release-or-idle, EthHost2 under require-release. */
  static final String ETH1 = "EthHost1";

  static final String ETH2 = "EthHost2";
  static final String ETH1_ENGINE = "0x8cdf9d5301a1";
  static final String ETH2_ENGINE = "0x8cdf9d5301a2";

  /** The populated slots that have an I/O engine: eight for the limit, and one more. */
  static final List<Integer> ENGINE_SLOTS = List.of(1, 2, 3, 4, 6, 7, 8, 9, 11);

  @TempDir static Path dir;
  static TestAgent agent;
  static AgentClient client;
  static EemClient manager;

  @BeforeAll
  static void start() throws Exception {
    Path board = ethernetBoard(dir);
    // Counters read every 2 s (every tenth poll), so an idle window of 4 s: two readings
    agent =
        TestAgent.start(
            dir.resolve("state"),
            c ->
                c.withBoard(board)
                    .withSwitchPollInterval(Duration.ofMillis(200))
                    .withComposition(
                        new CompositionSettings(
                            Policy.RELEASE_OR_IDLE,
                            Duration.ofSeconds(4),
                            Map.of(ETH2, Policy.REQUIRE_RELEASE))));
    client = agent.client;
    manager = ((SimulatedPlatform) agent.agent.platform()).expEther().orElseThrow().client();
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @AfterEach
  void releaseAll() throws InterruptedException {
    for (int slot = 1; slot <= 20; slot++) {
      // An operation a test left under way (the live re-seat taking a swapped card off its
      // group) ends first: the engine refuses to release a slot in transition
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (agent.agent.model().current().binding(slot).inTransition()) {
        assertTrue(System.nanoTime() < deadline, "slot " + slot + " stayed in transition");
        Thread.sleep(50);
      }
      if (agent.agent.model().current().binding(slot).host().isPresent()) {
        agent.agent.bindings().unbind(slot, true).join();
      }
    }
  }

  @Test
  void the_same_requests_attach_and_detach_a_gpu_on_a_pcie_host_and_on_an_ethernet_host()
      throws Exception {
    // Slot 3 has an I/O engine too: given to a PCIe host, it stays in the free group
    assertEquals(200, add("Host1", 3).statusCode());
    assertEquals(200, add(ETH1, 1).statusCode());

    assertEquals(List.of(block(3)), gpusOf("Host1"));
    assertEquals(List.of(block(1)), gpusOf(ETH1));
    int group = manager.device(ETH1_ENGINE).groupId();
    assertTrue(EemGroups.assignable(group), "the host engine was given a group: " + group);
    assertEquals(group, manager.device(engine(1)).groupId(), "slot 1's engine joined it");
    assertEquals(EemGroups.FREE_IO, manager.device(engine(3)).groupId());

    for (int slot : List.of(3, 1)) {
      readyToRemove(slot);
    }
    assertEquals(200, remove("Host1", 3).statusCode());
    assertEquals(200, remove(ETH1, 1).statusCode());

    assertEquals(List.of(), gpusOf("Host1"));
    assertEquals(List.of(), gpusOf(ETH1));
    assertEquals(EemGroups.FREE_IO, manager.device(engine(1)).groupId(), "back in the free group");
  }

  @Test
  void a_patch_of_links_resource_blocks_changes_an_ethernet_host_s_gpus_all_or_nothing()
      throws Exception {
    HttpResponse<String> grown = client.awaitTask(patchBlocks(ETH1, 6, 7), OPERATOR);
    assertEquals(200, grown.statusCode(), grown.body());
    assertEquals(List.of(block(6), block(7)), gpusOf(ETH1));
    int group = manager.device(ETH1_ENGINE).groupId();
    assertEquals(group, manager.device(engine(6)).groupId());
    assertEquals(group, manager.device(engine(7)).groupId());

    // Slot 12 has no I/O engine: the whole change is refused before anything moves
    HttpResponse<String> refused = client.awaitTask(patchBlocks(ETH1, 6, 7, 12), OPERATOR);
    assertTrue(refused.statusCode() >= 400 && refused.statusCode() < 500, refused.body());
    assertEquals(List.of(block(6), block(7)), gpusOf(ETH1));

    readyToRemove(7);
    HttpResponse<String> shrunk = client.awaitTask(patchBlocks(ETH1, 6), OPERATOR);
    assertEquals(200, shrunk.statusCode(), shrunk.body());
    assertEquals(List.of(block(6)), gpusOf(ETH1));
    assertEquals(EemGroups.FREE_IO, manager.device(engine(7)).groupId());
  }

  @Test
  void the_same_compose_action_places_gpus_for_a_pcie_host_and_for_an_ethernet_host()
      throws Exception {
    for (String host : List.of("Host1", ETH1)) {
      HttpResponse<String> applied =
          composeAction(
              "Apply", ComposeActionIT.stanza("ComposeSystem", host, constrained(host, 2, null)));
      assertEquals(200, applied.statusCode(), host + ": " + applied.body());
      assertEquals(2, gpusOf(host).size(), host + " has its two GPUs");
    }
    int group = manager.device(ETH1_ENGINE).groupId();
    for (String block : gpusOf(ETH1)) {
      int slot = Integer.parseInt(block.substring(block.lastIndexOf("Slot") + 4));
      assertTrue(ENGINE_SLOTS.contains(slot), "only a slot with an engine: " + slot);
      assertEquals(group, manager.device(engine(slot)).groupId(), "slot " + slot + " joined");
    }
    for (String block : gpusOf("Host1")) {
      int slot = Integer.parseInt(block.substring(block.lastIndexOf("Slot") + 4));
      assertEquals(EemGroups.FREE_IO, freeGroupOr(slot), "a PCIe host's GPU stays off the manager");
    }

    // The peer-path view says the same of the pair the Ethernet host holds
    List<String> ethGpus = gpusOf(ETH1).stream().map(b -> b + "/Processors/GPU").toList();
    JsonNode pair = null;
    for (JsonNode p :
        json(client.get("/redfish/v1/Fabrics/PCIe/Oem/GpuChassisAgent/PeerPaths", READER))
            .get("GpuPairs")) {
      if (p.get("Processors").findValuesAsText("@odata.id").equals(ethGpus)) {
        pair = p;
      }
    }
    assertTrue(pair != null, "the pair of " + ethGpus);
    assertEquals("Ethernet", pair.get("Path").asText(), pair.toString());
    assertEquals("SameSystem", pair.get("Composition").asText());
    assertFalse(pair.get("PeerToPeerDMA").asBoolean(), "not inside the switch fabric");

    // The paths an Ethernet host's GPUs have: over Ethernet, no switch hops
    HttpResponse<String> preview =
        composeAction(
            "Preview", ComposeActionIT.stanza("ComposeSystem", "eth", constrained(ETH2, 2, null)));
    assertEquals(200, preview.statusCode(), preview.body());
    JsonNode oem = json(preview).at("/Manifest/Stanzas/0/Response/Oem/GpuChassisAgent");
    assertEquals("Ethernet", oem.at("/GpuPeerPath/Path").asText(), preview.body());
    assertEquals(0, oem.at("/GpuPeerPath/InterSwitchHops").asInt());
    assertEquals("Ethernet", oem.at("/HostPath/Path").asText());
    // Keeping them behind one switch chip is what an Ethernet host cannot have: said, not faked
    HttpResponse<String> sameSwitch =
        composeAction(
            "Preview",
            ComposeActionIT.stanza("ComposeSystem", "p2p", constrained(ETH2, 2, "SameSwitch")));
    assertEquals(400, sameSwitch.statusCode(), sameSwitch.body());
    assertTrue(sameSwitch.body().contains("over Ethernet"), sameSwitch.body());
    assertEquals(List.of(), gpusOf(ETH2));
    // The system of an Ethernet host does not claim a health the agent does not watch
    assertTrue(
        json(client.get(SYSTEMS + "/" + ETH1, READER)).at("/Status/Health").isMissingNode(),
        "no host port, no port health");
  }

  /** The group of the slot's I/O engine, where the slot has one. */
  private static int freeGroupOr(int slot) throws Exception {
    return ENGINE_SLOTS.contains(slot) ? manager.device(engine(slot)).groupId() : EemGroups.FREE_IO;
  }

  @Test
  void every_resource_of_a_board_with_ethernet_hosts_validates_against_its_dmtf_schema()
      throws Exception {
    // Earlier tests' removals are logged about Connections that are gone: the crawl follows every
    // link, the events' origins too, so it starts from a cleared log
    assertEquals(
        204,
        client
            .send(
                "POST",
                "/redfish/v1/Managers/BMC/LogServices/EventLog/Actions/LogService.ClearLog",
                ADMIN,
                "{}")
            .statusCode());
    assertEquals(200, add(ETH1, 1).statusCode());
    assertEquals(200, add(ETH1, 2).statusCode());
    java.util.Map<String, JsonNode> crawled = RedfishTreeIT.crawl(client, ADMIN);
    for (String uri :
        List.of(
            ROCE + "/Endpoints/" + ETH1,
            ROCE + "/Zones/" + ETH1,
            ROCE + "/AddressPools/VLANGroups",
            ROCE + "/Connections/" + ETH1,
            SYSTEMS + "/" + ETH1)) {
      assertTrue(crawled.containsKey(uri), uri + " is linked");
    }
    java.util.Optional<io.gpuchassis.agent.conformance.RedfishSchemaValidator> validator =
        io.gpuchassis.agent.conformance.RedfishSchemaValidator.locate();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        validator.isPresent(),
        "DMTF JSON schemas not found (../shared/redfish/json-schema): schema check skipped");
    List<String> failures = new java.util.ArrayList<>();
    crawled.forEach(
        (uri, body) ->
            validator.get().validate(body).forEach(error -> failures.add(uri + ": " + error)));
    assertEquals(List.of(), failures);
  }

  @Test
  void a_roce_connection_attaches_changes_and_releases_an_ethernet_host_s_gpus() throws Exception {
    String connections = ROCE + "/Connections";
    String body =
        "{\"Links\": {\"InitiatorEndpoints\": [{\"@odata.id\": \""
            + ROCE
            + "/Endpoints/"
            + ETH1
            + "\"}], \"TargetEndpoints\": [{\"@odata.id\": \""
            + ROCE
            + "/Endpoints/GPU-Slot6\"}]}}";
    HttpResponse<String> created =
        client.awaitTask(client.send("POST", connections, OPERATOR, body), OPERATOR);
    assertTrue(created.statusCode() / 100 == 2, created.body());
    assertEquals(List.of(block(6)), gpusOf(ETH1));
    assertEquals(manager.device(ETH1_ENGINE).groupId(), manager.device(engine(6)).groupId());
    JsonNode connection = json(client.get(connections + "/" + ETH1, READER));
    assertEquals(
        List.of(ROCE + "/Endpoints/" + ETH1),
        connection.at("/Links/InitiatorEndpoints").findValuesAsText("@odata.id"));
    assertEquals(
        List.of(ROCE + "/Endpoints/GPU-Slot6"),
        connection.at("/Links/TargetEndpoints").findValuesAsText("@odata.id"));
    assertEquals(
        List.of(connections + "/" + ETH1),
        json(client.get(connections, READER)).at("/Members").findValuesAsText("@odata.id"));

    // A PCIe endpoint in a RoCE Connection is refused and changes nothing
    HttpResponse<String> wrong =
        client.send(
            "PATCH",
            connections + "/" + ETH1,
            OPERATOR,
            "{\"Links\": {\"TargetEndpoints\": [{\"@odata.id\":"
                + " \"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot7\"}]}}");
    assertEquals(400, wrong.statusCode(), wrong.body());
    assertEquals(List.of(block(6)), gpusOf(ETH1));

    HttpResponse<String> changed =
        client.awaitTask(
            client.send(
                "PATCH",
                connections + "/" + ETH1,
                OPERATOR,
                "{\"Links\": {\"TargetEndpoints\": [{\"@odata.id\": \""
                    + ROCE
                    + "/Endpoints/GPU-Slot6\"}, {\"@odata.id\": \""
                    + ROCE
                    + "/Endpoints/GPU-Slot7\"}]}}"),
            OPERATOR);
    assertEquals(200, changed.statusCode(), changed.body());
    assertEquals(List.of(block(6), block(7)), gpusOf(ETH1));

    for (int slot : List.of(6, 7)) {
      readyToRemove(slot);
    }
    HttpResponse<String> deleted =
        client.awaitTask(client.send("DELETE", connections + "/" + ETH1, OPERATOR, null), OPERATOR);
    assertEquals(200, deleted.statusCode(), deleted.body());
    assertEquals(List.of(), gpusOf(ETH1));
    assertEquals(404, client.get(connections + "/" + ETH1, READER).statusCode());
    assertEquals(EemGroups.FREE_IO, manager.device(engine(7)).groupId());
  }

  private static HttpResponse<String> composeAction(String type, String... stanzas)
      throws Exception {
    HttpResponse<String> r =
        client.send("POST", ComposeActionIT.COMPOSE, ADMIN, ComposeActionIT.compose(type, stanzas));
    return r.statusCode() == 202 ? client.awaitTask(r, ADMIN) : r;
  }

  private static String constrained(String host, int count, String peerToPeer) {
    return SystemCompositionIT.constrained(host, count, peerToPeer, null);
  }

  static final String ROCE = "/redfish/v1/Fabrics/RoCE";

  @Test
  void the_roce_fabric_lists_the_ethernet_hosts_with_their_addresses_and_the_engines_gpus()
      throws Exception {
    JsonNode fabrics = json(client.get("/redfish/v1/Fabrics", READER));
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe", ROCE),
        fabrics.get("Members").findValuesAsText("@odata.id"));
    JsonNode fabric = json(client.get(ROCE, READER));
    assertEquals("RoCEv2", fabric.get("FabricType").asText());
    assertEquals(ROCE + "/AddressPools", fabric.at("/AddressPools/@odata.id").asText());

    List<String> endpoints =
        json(client.get(ROCE + "/Endpoints", READER)).get("Members").findValuesAsText("@odata.id");
    // The Ethernet hosts, then the seated GPUs behind an I/O engine (another test of the class
    // may leave slot 4 held by a card swap)
    assertEquals(List.of(endpoint(ETH1), endpoint(ETH2)), endpoints.subList(0, 2));
    List<String> gpus = endpoints.subList(2, endpoints.size());
    for (int slot : ENGINE_SLOTS) {
      boolean seated = agent.agent.model().current().slot(slot).orElseThrow().occupied();
      assertEquals(seated, gpus.contains(endpoint("GPU-Slot" + slot)), "slot " + slot);
    }
    assertTrue(
        gpus.stream()
            .allMatch(g -> ENGINE_SLOTS.stream().anyMatch(n -> g.equals(endpoint("GPU-Slot" + n)))),
        "no GPU without an I/O engine: " + gpus);

    JsonNode host = json(client.get(endpoint(ETH1), READER));
    assertEquals("RoCEv2", host.get("EndpointProtocol").asText());
    assertEquals("Initiator", host.at("/ConnectedEntities/0/EntityRole").asText());
    assertEquals(
        SYSTEMS + "/" + ETH1, host.at("/ConnectedEntities/0/EntityLink/@odata.id").asText());
    assertEquals("52:54:00:00:01:a1", host.at("/Identifiers/0/DurableName").asText());
    assertEquals("MACAddress", host.at("/Identifiers/0/DurableNameFormat").asText());
    assertEquals("RoCEv2", host.at("/IPTransportDetails/0/TransportProtocol").asText());
    assertEquals("10.1.0.21", host.at("/IPTransportDetails/0/IPv4Address/Address").asText());
    assertEquals(4791, host.at("/IPTransportDetails/0/Port").asInt());
    assertEquals("::ffff:10.1.0.21", host.at("/Oem/GpuChassisAgent/GID").asText());

    JsonNode gpu = json(client.get(endpoint("GPU-Slot1"), READER));
    assertEquals("Target", gpu.at("/ConnectedEntities/0/EntityRole").asText());
    assertEquals(
        block(1) + "/Processors/GPU", gpu.at("/ConnectedEntities/0/EntityLink/@odata.id").asText());
    assertEquals(404, client.get(endpoint("GPU-Slot12"), READER).statusCode(), "no I/O engine");
    assertEquals(404, client.get(endpoint("Host1"), READER).statusCode(), "a PCIe host");

    JsonNode pool =
        json(client.get(ROCE + "/AddressPools/VLANGroups", READER))
            .at("/Ethernet/IPv4/VLANIdentifierAddressRange");
    // The test board gives no host a VLAN: the range the manager hands groups out of
    assertEquals(EemGroups.FIRST_ASSIGNABLE, pool.get("Lower").asInt());
    assertEquals(EemGroups.LAST_ASSIGNABLE, pool.get("Upper").asInt());
  }

  @Test
  void a_patch_of_a_roce_zone_s_endpoints_attaches_and_detaches_through_the_manager()
      throws Exception {
    String zone = ROCE + "/Zones/" + ETH1;
    HttpResponse<String> grown =
        client.awaitTask(patchZone(zone, endpoint(ETH1), endpoint("GPU-Slot6")), OPERATOR);
    assertEquals(200, grown.statusCode(), grown.body());
    assertEquals(List.of(block(6)), gpusOf(ETH1));
    int group = manager.device(ETH1_ENGINE).groupId();
    assertTrue(EemGroups.assignable(group), "the host engine was given a group: " + group);
    assertEquals(group, manager.device(engine(6)).groupId(), "slot 6's engine joined it");
    assertEquals(
        List.of(endpoint(ETH1), endpoint("GPU-Slot6")),
        json(client.get(zone, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id"));
    assertEquals(
        List.of(zone),
        json(client.get(endpoint("GPU-Slot6"), READER))
            .at("/Links/Zones")
            .findValuesAsText("@odata.id"));

    // An endpoint of the PCIe fabric is not one of this zone's: refused, nothing changes
    HttpResponse<String> refused =
        patchZone(zone, endpoint(ETH1), "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot7");
    assertEquals(400, refused.statusCode(), refused.body());
    assertTrue(refused.body().contains("PropertyValueIncorrect"), refused.body());
    assertEquals(List.of(block(6)), gpusOf(ETH1));

    // The zone's PATCH is advertised, and an If-Match of an old ETag is refused
    HttpResponse<String> got = client.get(zone, READER);
    assertTrue(
        got.headers().firstValue("Allow").orElse("").contains("PATCH"), got.headers().toString());
    String etag = got.headers().firstValue("ETag").orElseThrow();
    assertEquals(
        412,
        client
            .send(
                "PATCH",
                zone,
                OPERATOR,
                "{\"Links\":{\"Endpoints\":[]}}",
                "If-Match",
                etag.replace("\"", "\"x"))
            .statusCode());
    assertEquals(List.of(block(6)), gpusOf(ETH1));

    // Slot 12 has no I/O engine: refused as on the system views, nothing changes
    HttpResponse<String> unreachable =
        client.awaitTask(
            patchZone(zone, endpoint(ETH1), endpoint("GPU-Slot6"), endpoint("GPU-Slot12")),
            OPERATOR);
    assertTrue(
        unreachable.statusCode() >= 400 && unreachable.statusCode() < 500, unreachable.body());
    assertTrue(unreachable.body().contains("IncompatibleZone"), unreachable.body());
    assertEquals(List.of(block(6)), gpusOf(ETH1));

    // The payloads of the RoCE fabric, with a GPU in a zone, are valid against DMTF's schemas
    validateRoceFabric();

    readyToRemove(6);
    HttpResponse<String> shrunk = client.awaitTask(patchZone(zone, endpoint(ETH1)), OPERATOR);
    assertEquals(200, shrunk.statusCode(), shrunk.body());
    assertEquals(List.of(), gpusOf(ETH1));
    assertEquals(EemGroups.FREE_IO, manager.device(engine(6)).groupId(), "back in the free group");
    assertEquals(
        List.of(endpoint(ETH1)),
        json(client.get(zone, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id"));
  }

  @Test
  void a_roce_zone_holds_the_release_policy_as_the_system_views_do() throws Exception {
    String zone = ROCE + "/Zones/" + ETH2;
    HttpResponse<String> grown =
        client.awaitTask(patchZone(zone, endpoint(ETH2), endpoint("GPU-Slot8")), OPERATOR);
    assertEquals(200, grown.statusCode(), grown.body());

    // require-release: not without ReadyToRemove
    HttpResponse<String> held = client.awaitTask(patchZone(zone, endpoint(ETH2)), OPERATOR);
    assertEquals(409, held.statusCode(), held.body());
    assertTrue(held.body().contains("require-release"), held.body());
    assertEquals(List.of(block(8)), gpusOf(ETH2));
    assertTrue(EemGroups.assignable(manager.device(engine(8)).groupId()), "still attached");
  }

  private static HttpResponse<String> patchZone(String zone, String... endpoints) throws Exception {
    StringBuilder body = new StringBuilder("{\"Links\":{\"Endpoints\":[");
    for (int i = 0; i < endpoints.length; i++) {
      body.append(i == 0 ? "" : ",").append("{\"@odata.id\":\"").append(endpoints[i]).append("\"}");
    }
    return client.send("PATCH", zone, OPERATOR, body.append("]}}").toString());
  }

  private static String endpoint(String id) {
    return ROCE + "/Endpoints/" + id;
  }

  /** Every resource of the RoCE fabric, validated against DMTF's JSON schemas and the OEM one. */
  private static void validateRoceFabric() throws Exception {
    java.util.Optional<io.gpuchassis.agent.conformance.RedfishSchemaValidator> validator =
        io.gpuchassis.agent.conformance.RedfishSchemaValidator.locate();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        validator.isPresent(),
        "DMTF JSON schemas not found (../shared/redfish/json-schema): schema check skipped");
    List<String> uris = new java.util.ArrayList<>(List.of("/redfish/v1/Fabrics", ROCE));
    for (String collection :
        List.of(ROCE + "/Endpoints", ROCE + "/Zones", ROCE + "/AddressPools")) {
      uris.add(collection);
      uris.addAll(
          json(client.get(collection, READER)).get("Members").findValuesAsText("@odata.id"));
    }
    List<String> failures = new java.util.ArrayList<>();
    for (String uri : uris) {
      HttpResponse<String> r = client.get(uri, READER);
      assertEquals(200, r.statusCode(), uri);
      validator.get().validate(json(r)).forEach(e -> failures.add(uri + ": " + e));
    }
    assertTrue(uris.size() > 15, "validated only " + uris);
    assertEquals(List.of(), failures);
  }

  private static HttpResponse<String> patchBlocks(String host, int... slots) throws Exception {
    StringBuilder body =
        new StringBuilder(
            "{\"Links\":{\"ResourceBlocks\":[{\"@odata.id\":"
                + "\"/redfish/v1/CompositionService/ResourceBlocks/"
                + host
                + "\"}");
    for (int slot : slots) {
      body.append(",{\"@odata.id\":\"").append(block(slot)).append("\"}");
    }
    return client.send("PATCH", SYSTEMS + "/" + host, OPERATOR, body.append("]}}").toString());
  }

  @Test
  void an_ethernet_host_has_a_system_and_a_block_but_no_place_on_the_pcie_fabric()
      throws Exception {
    assertEquals(200, add(ETH1, 1).statusCode());

    JsonNode system = json(client.get(SYSTEMS + "/" + ETH1, READER));
    assertTrue(
        system.get("Description").asText().contains("ExpEther host engine " + ETH1_ENGINE),
        system.toString());
    JsonNode host =
        json(client.get("/redfish/v1/CompositionService/ResourceBlocks/" + ETH1, READER));
    assertEquals("Composed", host.at("/CompositionStatus/CompositionState").asText());
    assertEquals(0, host.at("/Links/Zones").size(), "no switch chip's resource zone");
    String endpoints = client.get("/redfish/v1/Fabrics/PCIe/Endpoints", READER).body();
    assertFalse(endpoints.contains(ETH1), endpoints);
    assertTrue(endpoints.contains("/Endpoints/Host1\""), endpoints);
    assertEquals(404, client.get("/redfish/v1/Fabrics/PCIe/Zones/" + ETH1, READER).statusCode());

    // The console shows the host engine where a PCIe host has its switch port
    var state = agent.agent.model().current();
    var health =
        new io.gpuchassis.agent.console.view.ConsoleHealth(
            new io.gpuchassis.agent.health.ChassisHealth(
                agent.agent.health(),
                new io.gpuchassis.agent.health.SensorCatalog(
                    io.gpuchassis.agent.platform.BoardSensorLayout.of(
                        agent.agent.platform().board()),
                    ((SimulatedPlatform) agent.agent.platform()).gpuSlots()),
                "NPlusM",
                3),
            java.time.Clock.systemUTC(),
            Duration.ofSeconds(1));
    String hosts =
        String.join("\n", new io.gpuchassis.agent.console.view.HostsView(health).render(state));
    assertTrue(hosts.contains("engine " + ETH1_ENGINE), hosts);
    String one =
        String.join(
            "\n", new io.gpuchassis.agent.console.view.HostView(health).render(state, ETH1));
    assertTrue(one.contains("10.1.0.21") && one.contains("GPUs bound"), one);
  }

  @Test
  void an_ethernet_host_at_its_device_limit_is_refused_with_both_numbers() throws Exception {
    // The simulated engines are 10G boards: a host's group holds at most 8 devices
    for (int slot : ENGINE_SLOTS.subList(0, 8)) {
      assertEquals(200, add(ETH1, slot).statusCode(), "slot " + slot);
    }

    HttpResponse<String> refused = add(ETH1, 11);

    assertEquals(409, refused.statusCode(), refused.body());
    JsonNode info = json(refused).at("/error/@Message.ExtendedInfo/0");
    assertEquals(
        "GpuChassisComposition.1.0.0.DeviceLimitReached",
        info.get("MessageId").asText(),
        info.toString());
    assertEquals(List.of(ETH1, "1", "0"), args(info));
    assertTrue(json(refused).toString().contains("8 of the 8 devices"), refused.body());
    assertEquals(8, gpusOf(ETH1).size(), "nothing changed");
    assertEquals(EemGroups.FREE_IO, manager.device(engine(11)).groupId(), "nothing was sent");
  }

  @Test
  void a_slot_without_an_io_engine_cannot_be_given_to_an_ethernet_host() throws Exception {
    HttpResponse<String> refused = add(ETH1, 12);

    assertTrue(refused.statusCode() >= 400 && refused.statusCode() < 500, refused.body());
    assertTrue(refused.body().contains("IncompatibleZone"), refused.body());
    assertTrue(refused.body().contains("no ExpEther I/O engine"), refused.body());
    assertEquals(List.of(), gpusOf(ETH1));
  }

  @Test
  void the_release_policies_hold_for_ethernet_hosts() throws Exception {
    assertEquals(200, add(ETH1, 1).statusCode());
    assertEquals(200, add(ETH2, 2).statusCode());

    // require-release: not without ReadyToRemove
    HttpResponse<String> held = remove(ETH2, 2);
    assertEquals(409, held.statusCode(), held.body());
    assertTrue(held.body().contains("require-release"), held.body());

    // release-or-idle: once the GPU's port has stood still for the window, without ReadyToRemove
    String idle1 = client.injectFault(ADMIN, "gpu-idle", switchPortOf(1));
    String idle2 = client.injectFault(ADMIN, "gpu-idle", switchPortOf(2));
    HttpResponse<String> released = null;
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      released = client.send("POST", action(ETH1, "Remove"), OPERATOR, body(1));
      if (released.statusCode() != 409) {
        break;
      }
      Thread.sleep(250);
    }
    released = client.awaitTask(released, OPERATOR);
    assertEquals(200, released.statusCode(), released.body());
    assertEquals(List.of(), gpusOf(ETH1));
    assertEquals(EemGroups.FREE_IO, manager.device(engine(1)).groupId());

    // The same idleness does not release EthHost2's GPU
    held = remove(ETH2, 2);
    assertEquals(409, held.statusCode(), held.body());
    assertTrue(held.body().contains("require-release"), held.body());
    assertFalse(EemGroups.FREE_IO == manager.device(engine(2)).groupId(), "still attached");

    client.send("DELETE", idle1, ADMIN, null);
    client.send("DELETE", idle2, ADMIN, null);
    readyToRemove(2);
    assertEquals(200, remove(ETH2, 2).statusCode());
    assertEquals(EemGroups.FREE_IO, manager.device(engine(2)).groupId());
  }

  @Test
  void a_card_swapped_while_an_ethernet_host_holds_it_leaves_the_host_s_group() throws Exception {
    assertEquals(200, add(ETH1, 4).statusCode());
    int group = manager.device(engine(4)).groupId();
    assertTrue(EemGroups.assignable(group));

    String fault =
        client.injectFault(
            ADMIN, "gpu-swapped", "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot4");
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"Failed".equals(compositionState(4))) {
      assertTrue(System.nanoTime() < deadline, "slot 4 was not held: " + compositionState(4));
      Thread.sleep(100);
    }

    // Held for an operator, and the other card is in no host's PCIe tree
    assertEquals(EemGroups.FREE_IO, manager.device(engine(4)).groupId());
    assertFalse(gpusOf(ETH1).contains(block(4)));
    client.send("DELETE", fault, ADMIN, null);
    // The old card is back: the held slot is bound to its host again, off this test's thread;
    // awaited here, so that no later test sees it arrive in EthHost1's system
    deadline = System.nanoTime() + WAIT.toNanos();
    while (!(gpusOf(ETH1).contains(block(4))
        && !agent.agent.model().current().binding(4).inTransition())) {
      assertTrue(System.nanoTime() < deadline, "slot 4 was not restored: " + compositionState(4));
      Thread.sleep(100);
    }
  }

  private static String compositionState(int slot) throws Exception {
    HttpResponse<String> r = client.get(block(slot), READER);
    return r.statusCode() == 200 ? json(r).at("/CompositionStatus/CompositionState").asText() : "";
  }

  /** The ID of slot {@code slot}'s I/O engine in the test board. */
  static String engine(int slot) {
    return String.format("0x8cdf9d5300%02x", slot);
  }

  private static HttpResponse<String> add(String host, int slot) throws Exception {
    return client.awaitTask(
        client.send("POST", action(host, "Add"), OPERATOR, body(slot)), OPERATOR);
  }

  private static HttpResponse<String> remove(String host, int slot) throws Exception {
    return client.awaitTask(
        client.send("POST", action(host, "Remove"), OPERATOR, body(slot)), OPERATOR);
  }

  private static String action(String host, String verb) {
    return SYSTEMS + "/" + host + "/Actions/ComputerSystem." + verb + "ResourceBlock";
  }

  private static String body(int slot) {
    return "{\"ResourceBlock\": {\"@odata.id\": \"" + block(slot) + "\"}}";
  }

  private static void readyToRemove(int slot) throws Exception {
    HttpResponse<String> ready =
        client.send(
            "PATCH",
            "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot" + slot,
            OPERATOR,
            "{\"ReadyToRemove\":true}");
    assertTrue(ready.statusCode() / 100 == 2, ready.body());
  }

  private static String block(int slot) {
    return "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot;
  }

  private static List<String> gpusOf(String host) throws Exception {
    return json(client.get(SYSTEMS + "/" + host, READER))
        .at("/Links/ResourceBlocks")
        .findValuesAsText("@odata.id")
        .stream()
        .filter(b -> b.contains("GPU-"))
        .toList();
  }

  private static List<String> args(JsonNode message) {
    List<String> out = new java.util.ArrayList<>();
    message.get("MessageArgs").forEach(a -> out.add(a.asText()));
    return out;
  }

  /** The switch port the GPU in {@code slot} is cabled to, as its processor's port names it. */
  static String switchPortOf(int slot) throws Exception {
    return json(client.get(block(slot) + "/Processors/GPU/Ports/PCIe", READER))
        .at("/Links/ConnectedSwitchPorts/0/@odata.id")
        .asText();
  }

  /**
   * The reference board with Host7 and Host8 made Ethernet hosts (EthHost1 and EthHost2), an I/O
   * engine in front of nine of its GPUs, and the manager's section.
   */
  static Path ethernetBoard(Path dir) throws Exception {
    String board;
    try (InputStream in = EthernetHostIT.class.getResourceAsStream("/board/reference-board.yaml")) {
      board = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    board =
        replaceOnce(
            board,
            "{id: Host7, switch: SW4, port: 5, width: 16, maxGen: 5, hotPlugWindowGiB: 2048}",
            ethernetHost(ETH1, ETH1_ENGINE, "52:54:00:00:01:a1", "10.1.0.21"));
    board =
        replaceOnce(
            board,
            "{id: Host8, switch: SW4, port: 6, width: 16, maxGen: 5, hotPlugWindowGiB: 2048}",
            ethernetHost(ETH2, ETH2_ENGINE, "52:54:00:00:01:a2", "10.1.0.22"));
    for (int slot : ENGINE_SLOTS) {
      String prefix = "  - {id: " + slot + ", ";
      int at = board.indexOf(prefix);
      int end = board.indexOf("maxGen: 5,", at) + "maxGen: 5,".length();
      board =
          board.substring(0, end)
              + " expether: {engine: \""
              + engine(slot)
              + "\"},"
              + board.substring(end);
    }
    board +=
        "expether: {url: \"https://eem.example:8443/eem\", user: admin,"
            + " passwordFile: /etc/gpu-chassis/eem-password}\n";
    Path file = dir.resolve("ethernet-board.yaml");
    Files.writeString(file, board);
    return file;
  }

  private static String ethernetHost(String id, String engine, String mac, String ip) {
    return "{id: "
        + id
        + ", fabric: ethernet, expether: {engine: \""
        + engine
        + "\", mac: \""
        + mac
        + "\", ip: "
        + ip
        + "}}";
  }

  private static String replaceOnce(String text, String from, String to) {
    assertEquals(1, text.split(java.util.regex.Pattern.quote(from), -1).length - 1, from);
    return text.replace(from, to);
  }
}
