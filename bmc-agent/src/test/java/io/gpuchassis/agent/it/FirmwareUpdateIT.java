package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.gpuchassis.firmware.BundleSigner;
import io.gpuchassis.sensor.sim.device.SimPmbusPowerSupply;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.vertx.core.Vertx;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Switch firmware updates over Redfish on the simulated chassis, whose switches implement the real
 * download protocol: a signed bundle pushed as multipart/form-data, or fetched by SimpleUpdate,
 * becomes a task whose steps (Update registry) and progress (TaskEvent) arrive over a real SSE
 * stream and at a real push subscriber; the FirmwareInventory shows what each A/B copy holds. Bad
 * bundles, unsafe resets and switch faults change nothing but the task's outcome.
 */
class FirmwareUpdateIT {

  static final String SERVICE = "/redfish/v1/UpdateService";
  static final String PUSH = SERVICE + "/update-multipart";
  static final String INVENTORY = SERVICE + "/FirmwareInventory/";
  static final FirmwareVersion NEW = FirmwareVersion.parse("9.30 B051");

  /**
   * The oldest switch firmware this agent installs without ForceUpdate (the chips run 9.20 B04A).
   */
  static final FirmwareVersion FLOOR = FirmwareVersion.parse("9.20 B000");

  @TempDir static Path stateDir;
  static TestAgent agent;
  static Vertx vertx;
  static SignedBundles bundles;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            config -> LoopbackReceivers.allowed(config).withSwitchLowestSupportedVersion(FLOOR));
    vertx = Vertx.vertx();
    // The simulated chassis trusts the simulation vendor key it made on first start.
    bundles = SignedBundles.of(stateDir);
    // The agent reads the switches' flash tables once it answers.
    SignedBundles.awaitEverySwitchRead(agent);
  }

  @AfterAll
  static void stop() {
    agent.close();
    vertx.close().await();
  }

  static byte[] bundle(FirmwareVersion version) {
    return bundles.image(version);
  }

  static HttpResponse<String> push(byte[] bundle, String parameters, String auth) throws Exception {
    return agent.client.pushBundle(auth, parameters, bundle);
  }

  static String targeting(String switchId, String applyTime) {
    return "{\"Targets\": [\""
        + INVENTORY
        + switchId
        + "\"], \"@Redfish.OperationApplyTime\": \""
        + applyTime
        + "\"}";
  }

  static JsonNode inventory(String switchId) throws Exception {
    return json(agent.client.get(INVENTORY + switchId, TestAgent.READER));
  }

  static List<String> stagedFiles() throws Exception {
    Path staging = stateDir.resolve("firmware/staging");
    try (var files = Files.list(staging)) {
      return files.map(Path::toString).toList();
    }
  }

  /** The MessageIds of the events on {@code reader} until one ends the update (or the wait). */
  static List<String> eventsUntilDone(SseReader reader) throws Exception {
    List<String> ids = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      SseReader.Received r = reader.next(Duration.ofMillis(200));
      if (r == null) {
        continue;
      }
      String id = r.data().get("Events").get(0).get("MessageId").asText();
      ids.add(id);
      if (id.matches(
          "Update\\.1\\.3\\.0\\.(UpdateSuccessful|AwaitToActivate|TransferFailed|ActivateFailed"
              + "|UpdateSkipped\\w*)")) {
        return ids;
      }
    }
    return ids;
  }

  static SseReader streamOf(String filter) throws Exception {
    String query = URLEncoder.encode(filter, StandardCharsets.UTF_8).replace("+", "%20");
    SseReader reader =
        new SseReader(
            agent.client.stream("/redfish/v1/EventService/SSE?$filter=" + query, TestAgent.READER));
    assertEquals(200, reader.response.statusCode());
    return reader;
  }

  @Test
  void the_service_and_inventory_describe_the_switch_firmware() throws Exception {
    JsonNode service = json(agent.client.get(SERVICE, TestAgent.READER));
    assertTrue(service.get("ServiceEnabled").asBoolean());
    assertEquals(PUSH, service.get("MultipartHttpPushUri").asText());
    assertEquals(
        SERVICE + "/Actions/UpdateService.SimpleUpdate",
        service.at("/Actions/#UpdateService.SimpleUpdate/target").asText());
    // its ActionInfo names the parameters it reads, ImageURI required, and the targets it takes
    String infoUri =
        service.at("/Actions/#UpdateService.SimpleUpdate/@Redfish.ActionInfo").asText();
    assertEquals(SERVICE + "/SimpleUpdateActionInfo", infoUri);
    JsonNode info = json(agent.client.get(infoUri, TestAgent.READER));
    java.util.Map<String, JsonNode> parameters = new java.util.HashMap<>();
    info.get("Parameters").forEach(p -> parameters.put(p.get("Name").asText(), p));
    assertTrue(parameters.get("ImageURI").get("Required").asBoolean());
    assertEquals(
        java.util.Set.of(
            "ImageURI",
            "TransferProtocol",
            "Username",
            "Password",
            "Targets",
            "ForceUpdate",
            "@Redfish.OperationApplyTime"),
        parameters.keySet());
    assertEquals(
        service.at("/Actions/#UpdateService.SimpleUpdate/TransferProtocol@Redfish.AllowableValues"),
        parameters.get("TransferProtocol").get("AllowableValues"),
        "the same protocols as the action's own annotation");
    assertTrue(
        parameters
            .get("Targets")
            .get("AllowableValues")
            .toString()
            .contains(SERVICE + "/FirmwareInventory/SW3"),
        parameters.get("Targets").toString());
    assertEquals(
        SERVICE,
        json(agent.client.get("/redfish/v1/", null)).at("/UpdateService/@odata.id").asText());
    JsonNode members = json(agent.client.get(SERVICE + "/FirmwareInventory", TestAgent.READER));
    assertEquals(
        4 + 1 + 16 + 4 + 2 + 1,
        members.get("Members@odata.count").asInt(),
        "four switches, the agent, 16 GPUs, four supplies, two programmable parts and the"
            + " data-path NIC");
    JsonNode sw3 = inventory("SW3");
    assertEquals("9.20 B04A", sw3.get("Version").asText());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Switches/SW3", sw3.at("/RelatedItem/0/@odata.id").asText());
    assertEquals(2, sw3.at("/Oem/GpuChassisAgent/Images").size(), "copies A and B");
  }

  @Test
  void the_inventory_shows_the_firmware_each_gpu_and_supply_reported_read_only() throws Exception {
    JsonNode l40s = inventory("GPU-Slot11");
    assertEquals("95.02.66.00.02", l40s.get("Version").asText(), "the L40S's VBIOS, over SMBPBI");
    assertEquals("NVIDIA", l40s.get("Manufacturer").asText());
    assertFalse(l40s.get("Updateable").asBoolean());
    assertEquals(
        "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot11",
        l40s.at("/RelatedItem/0/@odata.id").asText());
    JsonNode supply = inventory("PowerSupply-PSU2");
    assertEquals(SimPmbusPowerSupply.REVISION, supply.get("Version").asText(), "MFR_REVISION");
    assertEquals(SimPmbusPowerSupply.MANUFACTURER, supply.get("Manufacturer").asText(), "MFR_ID");
    assertEquals("Microchip", inventory("SW2").get("Manufacturer").asText(), "the board's part");
    assertFalse(supply.get("Updateable").asBoolean());
    assertEquals(
        "/redfish/v1/Chassis/GPUChassis/PowerSubsystem/PowerSupplies/PSU2",
        supply.at("/RelatedItem/0/@odata.id").asText());
    assertEquals(
        SimPmbusPowerSupply.REVISION,
        json(agent.client.get(
                "/redfish/v1/Chassis/GPUChassis/PowerSubsystem/PowerSupplies/PSU2",
                TestAgent.READER))
            .get("FirmwareVersion")
            .asText());
    JsonNode cpld = inventory("Board-SequencerCpld");
    assertEquals("1.4", cpld.get("Version").asText(), "its two version registers, read at start");
    assertEquals("Lattice Semiconductor", cpld.get("Manufacturer").asText(), "the board file's");
    assertTrue(cpld.get("WriteProtected").asBoolean());
    assertEquals("/redfish/v1/Chassis/GPUChassis", cpld.at("/RelatedItem/0/@odata.id").asText());
    assertEquals(
        "2.7.12", inventory("Board-HostRetimer").get("Version").asText(), "three registers");
    // OCP's service baseline asks every entry for its Manufacturer: the agent's is its vendor
    JsonNode all =
        json(
            agent.client.get(
                SERVICE + "/FirmwareInventory?$expand=.($levels=1)", TestAgent.READER));
    for (JsonNode entry : all.get("Members")) {
      assertFalse(
          entry.path("Manufacturer").asText("").isBlank(), "a Manufacturer: " + entry.get("Id"));
    }
    assertEquals("Astera Labs", inventory("Board-HostRetimer").get("Manufacturer").asText());
    for (String absent :
        List.of("GPU-Slot5", "GPU-Slot21", "GPU-Slotx", "PowerSupply-PSU9", "Board-Nothing")) {
      assertEquals(
          404,
          agent.client.get(SERVICE + "/FirmwareInventory/" + absent, TestAgent.READER).statusCode(),
          absent + ": an empty slot, no such slot, no such supply");
    }
    HttpResponse<String> refused =
        push(bundle(NEW), targeting("GPU-Slot11", "Immediate"), TestAgent.OPERATOR);
    assertEquals(400, refused.statusCode(), "a GPU's firmware is read, not updated");
  }

  @Test
  void a_pushed_bundle_applied_on_reset_is_written_verified_and_boots_next() throws Exception {
    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW1'");
        SseReader progress = streamOf("RegistryPrefix eq 'TaskEvent'");
        EventReceiver receiver = EventReceiver.start(vertx, Duration.ZERO)) {
      var subscription =
          agent.client.send(
              "POST",
              "/redfish/v1/EventService/Subscriptions",
              TestAgent.ADMIN,
              "{\"Destination\": \""
                  + receiver.url()
                  + "\", \"Protocol\": \"Redfish\", \"RegistryPrefixes\": [\"Update\"]}");
      assertEquals(201, subscription.statusCode(), subscription.body());

      HttpResponse<String> accepted =
          push(bundle(NEW), targeting("SW1", "OnReset"), TestAgent.OPERATOR);
      assertEquals(202, accepted.statusCode(), accepted.body());
      assertEquals(
          List.of(
              "Update.1.3.0.TargetDetermined",
              "Update.1.3.0.TransferringToComponent",
              "Update.1.3.0.VerifyingAtComponent",
              "Update.1.3.0.ApplyingOnComponent",
              "Update.1.3.0.AwaitToActivate"),
          eventsUntilDone(steps));
      HttpResponse<String> done = agent.client.awaitTask(accepted, TestAgent.READER);
      assertEquals(200, done.statusCode(), done.body());

      JsonNode pushed = receiver.next(Duration.ofSeconds(5));
      assertEquals(
          "Update.1.3.0.TargetDetermined",
          pushed.at("/Events/0/MessageId").asText(),
          "pushed as well");
      String log =
          agent
              .client
              .get(
                  "/redfish/v1/Managers/BMC/LogServices/EventLog/Entries?$expand=.",
                  TestAgent.READER)
              .body();
      assertTrue(
          log.contains("Update.1.3.0.AwaitToActivate") && log.contains(INVENTORY + "SW1"),
          "and logged, about the switch's firmware");
      List<String> percents = new ArrayList<>();
      for (SseReader.Received r; (r = progress.next(Duration.ofMillis(300))) != null; ) {
        JsonNode e = r.data().get("Events").get(0);
        if (e.get("MessageId").asText().endsWith("TaskProgressChanged")) {
          percents.add(e.at("/MessageArgs/1").asText());
        }
      }
      assertTrue(percents.contains("50"), "progress in steps of ten: " + percents);

      JsonNode task =
          json(agent.client.get(json(accepted).get("@odata.id").asText(), TestAgent.READER));
      assertEquals("Completed", task.get("TaskState").asText());
      assertTrue(
          task.path("Messages")
              .findValuesAsText("MessageId")
              .contains("Update.1.3.0.AwaitToActivate"));
      assertEquals(PUSH, task.at("/Payload/TargetUri").asText());
      assertTrue(
          task.at("/Payload/JsonBody").isMissingNode(), "the bundle is not repeated in the task");

      JsonNode sw1 = inventory("SW1");
      assertEquals(
          "9.20 B04A", sw1.get("Version").asText(), "still running the old image until reset");
      assertTrue(sw1.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean());
      JsonNode next = findCopy(sw1, "BootsNext");
      assertEquals("9.30", next.get("Version").asText());
      assertFalse(next.get("Running").asBoolean());
      assertEquals(List.of(), stagedFiles(), "nothing left in staging");

      // A second image before the reset replaces the waiting one; the running copy is never
      // written.
      String runningCopy = findCopy(sw1, "Running").get("Copy").asText();
      assertEquals(
          200,
          agent
              .client
              .awaitTask(
                  push(
                      bundle(FirmwareVersion.parse("9.32 B001")),
                      targeting("SW1", "OnReset"),
                      TestAgent.OPERATOR),
                  TestAgent.READER)
              .statusCode());
      JsonNode replaced = inventory("SW1");
      assertEquals("9.32", findCopy(replaced, "BootsNext").get("Version").asText());
      assertEquals(runningCopy, findCopy(replaced, "Running").get("Copy").asText());
      assertEquals("9.20 B04A", replaced.get("Version").asText());
      agent.client.send(
          "DELETE",
          subscription.headers().firstValue("Location").orElseThrow(),
          TestAgent.ADMIN,
          null);
    }
  }

  static JsonNode findCopy(JsonNode inventory, String flag) {
    for (JsonNode copy : inventory.at("/Oem/GpuChassisAgent/Images")) {
      if (copy.get(flag).asBoolean()) {
        return copy;
      }
    }
    throw new AssertionError("no copy is " + flag + ": " + inventory);
  }

  @Test
  void applied_immediately_the_switch_resets_onto_the_new_image() throws Exception {
    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW4'")) {
      HttpResponse<String> accepted =
          push(bundle(NEW), targeting("SW4", "Immediate"), TestAgent.OPERATOR);
      assertEquals(202, accepted.statusCode(), accepted.body());
      List<String> seen = eventsUntilDone(steps);
      assertEquals("Update.1.3.0.UpdateSuccessful", seen.get(seen.size() - 1), seen.toString());
      assertEquals(200, agent.client.awaitTask(accepted, TestAgent.READER).statusCode());
    }
    JsonNode sw4 = inventory("SW4");
    assertEquals(NEW.toString(), sw4.get("Version").asText());
    assertFalse(sw4.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean());
    assertTrue(findCopy(sw4, "Running").get("BootsNext").asBoolean());
  }

  @Test
  void a_bundle_pushed_on_start_update_request_waits_for_start_update_then_boots_next()
      throws Exception {
    String start = SERVICE + "/Actions/UpdateService.StartUpdate";
    assertEquals(
        start,
        json(agent.client.get(SERVICE, TestAgent.READER))
            .at("/Actions/#UpdateService.StartUpdate/target")
            .asText());
    HttpResponse<String> nothing = agent.client.send("POST", start, TestAgent.OPERATOR, "{}");
    assertEquals(400, nothing.statusCode(), nothing.body());
    assertEquals(
        "Base.1.22.1.NoOperation",
        json(nothing).at("/error/@Message.ExtendedInfo/0/MessageId").asText());

    HttpResponse<String> accepted =
        push(bundle(NEW), targeting("SW3", "OnStartUpdateRequest"), TestAgent.OPERATOR);
    assertEquals(202, accepted.statusCode(), accepted.body());
    String taskUri = json(accepted).get("@odata.id").asText();
    JsonNode waiting = json(agent.client.get(taskUri, TestAgent.READER));
    assertEquals("Running", waiting.get("TaskState").asText(), "the task waits");
    assertTrue(
        waiting
            .path("Messages")
            .findValuesAsText("MessageId")
            .contains("Update.1.3.0.AwaitToUpdate"),
        waiting.toString());
    assertFalse(
        inventory("SW3").at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean(),
        "nothing is written before StartUpdate");

    HttpResponse<String> started = agent.client.send("POST", start, TestAgent.OPERATOR, "{}");
    assertEquals(204, started.statusCode(), started.body());
    assertEquals(200, agent.client.awaitTask(accepted, TestAgent.READER).statusCode());
    JsonNode sw3 = inventory("SW3");
    assertTrue(sw3.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean(), "boots next");
    // a flash table names an image by major and minor version
    assertEquals(
        String.format("%x.%02x", NEW.major(), NEW.minor()),
        findCopy(sw3, "BootsNext").get("Version").asText(),
        sw3.toString());

    HttpResponse<String> fetched =
        agent.client.send(
            "POST",
            SERVICE + "/Actions/UpdateService.SimpleUpdate",
            TestAgent.OPERATOR,
            "{\"ImageURI\": \"https://127.0.0.1:1/x.fwb\","
                + " \"@Redfish.OperationApplyTime\": \"OnStartUpdateRequest\"}");
    assertEquals(400, fetched.statusCode(), "only a pushed bundle waits: " + fetched.body());
  }

  @Test
  void a_downgrade_below_the_lowest_supported_version_is_skipped_unless_forced() throws Exception {
    assertEquals(FLOOR.toString(), inventory("SW4").get("LowestSupportedVersion").asText());
    FirmwareVersion old = FirmwareVersion.parse("9.10 B001");
    String running = inventory("SW4").get("Version").asText();
    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW4'")) {
      HttpResponse<String> accepted =
          push(bundle(old), targeting("SW4", "Immediate"), TestAgent.OPERATOR);
      assertEquals(202, accepted.statusCode(), accepted.body());
      List<String> seen = eventsUntilDone(steps);
      assertEquals(
          "Update.1.3.0.UpdateSkippedVersionTooLow", seen.get(seen.size() - 1), seen.toString());
      assertEquals(200, agent.client.awaitTask(accepted, TestAgent.READER).statusCode());
    }
    assertEquals(running, inventory("SW4").get("Version").asText(), "nothing was written");

    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW4'")) {
      HttpResponse<String> forced =
          push(
              bundle(old),
              "{\"Targets\": [\""
                  + INVENTORY
                  + "SW4\"], \"ForceUpdate\": true, \"@Redfish.OperationApplyTime\": \"Immediate\"}",
              TestAgent.OPERATOR);
      assertEquals(202, forced.statusCode(), forced.body());
      List<String> seen = eventsUntilDone(steps);
      assertEquals("Update.1.3.0.UpdateSuccessful", seen.get(seen.size() - 1), seen.toString());
      assertEquals(200, agent.client.awaitTask(forced, TestAgent.READER).statusCode());
    }
    assertEquals(old.toString(), inventory("SW4").get("Version").asText(), "forced, it went in");
  }

  @Test
  void an_immediate_update_is_refused_while_a_gpu_is_bound_through_the_switch() throws Exception {
    var bind =
        agent.client.send(
            "POST",
            "/redfish/v1/Fabrics/PCIe/Zones/Host5/Actions/Zone.AddEndpoint",
            TestAgent.OPERATOR,
            "{\"Endpoint\":{\"@odata.id\":\"/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot11\"}}");
    assertEquals(200, agent.client.awaitTask(bind, TestAgent.OPERATOR).statusCode());
    String gpuSwitch = agent.agent.model().current().slot(11).orElseThrow().switchId();
    assertEquals("SW3", gpuSwitch, "slot 11 and Host5 share SW3 in the reference chassis");
    JsonNode before = inventory(gpuSwitch);

    HttpResponse<String> refused =
        push(bundle(NEW), targeting(gpuSwitch, "Immediate"), TestAgent.OPERATOR);
    assertEquals(409, refused.statusCode(), refused.body());
    assertEquals(
        "Base.1.22.1.ResourceInUse",
        json(refused).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    assertTrue(json(refused).at("/error/message").asText().contains("slots [11]"), refused.body());
    assertEquals(before.get("Oem"), inventory(gpuSwitch).get("Oem"), "nothing written");
    assertEquals(List.of(), stagedFiles());
    HttpResponse<String> reset = resetSwitch(gpuSwitch, "{}");
    assertEquals(409, reset.statusCode(), "a reset would drop the host's GPU: " + reset.body());
  }

  @Test
  void
      an_agent_started_without_install_slots_refuses_its_own_bundle_and_large_bundles_must_be_manifest_signed()
          throws Exception {
    JsonNode self = json(agent.client.get(INVENTORY + "Agent", TestAgent.READER));
    assertFalse(self.get("Updateable").asBoolean(), "started in-process, without the launcher");
    PrivateKey key =
        BundleSigner.readPrivateKeyPem(
            Files.readString(
                io.gpuchassis.agent.firmware.FirmwareTrust.simulationSigningKey(stateDir)));
    byte[] agentBundle =
        BundleSigner.sign(
            new io.gpuchassis.firmware.BundleManifest(
                "agent", "9.9.9", List.of("bmc-agent"), "", null),
            "not launched here".getBytes(StandardCharsets.US_ASCII),
            io.gpuchassis.agent.firmware.FirmwareTrust.SIMULATION_KEY_ID,
            key,
            io.gpuchassis.firmware.BundleLayout.SIGNED_MANIFEST);
    HttpResponse<String> noSlots =
        push(agentBundle, "{\"Targets\": [\"" + INVENTORY + "Agent\"]}", TestAgent.OPERATOR);
    assertEquals(400, noSlots.statusCode(), noSlots.body());
    assertTrue(noSlots.body().contains("Update.1.3.0.UpdateNotApplicable"), noSlots.body());
    assertTrue(noSlots.body().contains("install slots"), noSlots.body());

    // 9 MiB signed over its payload: the agent would hold it twice to verify it
    byte[] large = SignedBundles.sign(new byte[9 << 20], NEW, key);
    HttpResponse<String> whole = push(large, targeting("SW1", "OnReset"), TestAgent.OPERATOR);
    assertEquals(400, whole.statusCode(), whole.body());
    assertTrue(whole.body().contains("Update.1.3.0.VerificationFailed"), whole.body());
    assertTrue(whole.body().contains("--layout manifest"), whole.body());
  }

  @Test
  void bundles_that_are_not_signed_by_a_trusted_key_are_refused_and_change_nothing()
      throws Exception {
    JsonNode before = inventory("SW2");
    byte[] good = bundle(NEW);
    byte[] tampered = good.clone();
    tampered[tampered.length / 2] ^= 1;
    HttpResponse<String> refused = push(tampered, targeting("SW2", "OnReset"), TestAgent.OPERATOR);
    assertEquals(400, refused.statusCode(), refused.body());
    assertEquals(
        "Update.1.3.0.VerificationFailed",
        json(refused).at("/error/@Message.ExtendedInfo/0/MessageId").asText());

    PrivateKey stranger = BundleSigner.generateKeyPair().getPrivate();
    HttpResponse<String> untrusted =
        push(
            SignedBundles.sign(
                FirmwareImage.build(FirmwareType.IMG, Generation.GEN6, NEW, 1, new byte[2000]),
                NEW,
                stranger),
            targeting("SW2", "OnReset"),
            TestAgent.OPERATOR);
    assertEquals(400, untrusted.statusCode(), untrusted.body());

    HttpResponse<String> wrongTarget =
        push(good, "{\"Targets\": [\"/redfish/v1/Chassis/GPUChassis\"]}", TestAgent.OPERATOR);
    assertEquals(400, wrongTarget.statusCode(), wrongTarget.body());
    assertEquals(
        "Base.1.22.1.ActionParameterValueNotInList",
        json(wrongTarget).at("/error/@Message.ExtendedInfo/0/MessageId").asText());

    for (var bad :
        Map.of(
                "{\"Bogus\": 1}", "Base.1.22.1.ActionParameterUnknown",
                "{\"Stage\": true}", "Base.1.22.1.ActionParameterNotSupported",
                "{\"Targets\": \"SW2\"}", "Base.1.22.1.ActionParameterValueTypeError",
                "{\"@Redfish.OperationApplyTime\": \"AtMaintenanceWindowStart\"}",
                    "Base.1.22.1.ActionParameterValueNotInList",
                "{not json", "Base.1.22.1.MalformedJSON")
            .entrySet()) {
      HttpResponse<String> r = push(good, bad.getKey(), TestAgent.OPERATOR);
      assertEquals(400, r.statusCode(), bad.getKey() + ": " + r.body());
      assertEquals(
          bad.getValue(),
          json(r).at("/error/@Message.ExtendedInfo/0/MessageId").asText(),
          bad.getKey());
    }
    assertEquals(
        403, push(good, "{}", TestAgent.READER).statusCode(), "ReadOnly may not update firmware");
    assertEquals(401, push(good, "{}", null).statusCode());
    assertEquals(before.get("Oem"), inventory("SW2").get("Oem"), "nothing written");
    assertEquals(List.of(), stagedFiles());
  }

  @Test
  void a_switch_that_rejects_the_written_image_keeps_its_firmware() throws Exception {
    JsonNode before = inventory("SW2");
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("firmware-crc-mismatch", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW2'")) {
      HttpResponse<String> accepted =
          push(bundle(NEW), targeting("SW2", "Immediate"), TestAgent.OPERATOR);
      assertEquals(202, accepted.statusCode(), accepted.body());
      List<String> seen = eventsUntilDone(steps);
      assertEquals("Update.1.3.0.TransferFailed", seen.get(seen.size() - 1), seen.toString());
      HttpResponse<String> failed = agent.client.awaitTask(accepted, TestAgent.READER);
      assertEquals(503, failed.statusCode(), failed.body());
      assertTrue(failed.body().contains("CRC"), failed.body());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    JsonNode after = inventory("SW2");
    assertEquals(before.get("Version"), after.get("Version"));
    assertEquals(
        findCopy(before, "BootsNext").get("Copy"),
        findCopy(after, "BootsNext").get("Copy"),
        "the copy that boots next is unchanged");
  }

  @Test
  void power_lost_during_the_transfer_leaves_the_switch_on_its_image() throws Exception {
    JsonNode before = inventory("SW2");
    agent
        .agent
        .faults()
        .orElseThrow()
        .inject("power-loss-during-download", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
    HttpResponse<String> accepted =
        push(bundle(NEW), targeting("SW2", "OnReset"), TestAgent.OPERATOR);
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> failed = agent.client.awaitTask(accepted, TestAgent.READER);
    assertEquals(503, failed.statusCode(), failed.body());
    assertEquals(
        "Update.1.3.0.TransferFailed",
        json(failed).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    JsonNode after = inventory("SW2");
    assertEquals(before.get("Version"), after.get("Version"));
    assertEquals(findCopy(before, "Running").get("Copy"), findCopy(after, "Running").get("Copy"));
    assertEquals(
        findCopy(before, "BootsNext").get("Copy"), findCopy(after, "BootsNext").get("Copy"));
    assertFalse(after.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean());
  }

  @Test
  void a_new_image_that_does_not_boot_is_rolled_back_to_the_previous_one() throws Exception {
    JsonNode before = inventory("SW2");
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("firmware-boot-failure", "/redfish/v1/Fabrics/PCIe/Switches/SW2");
    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW2'")) {
      HttpResponse<String> accepted =
          push(bundle(NEW), targeting("SW2", "Immediate"), TestAgent.OPERATOR);
      assertEquals(202, accepted.statusCode(), accepted.body());
      List<String> seen = eventsUntilDone(steps);
      assertEquals("Update.1.3.0.ActivateFailed", seen.get(seen.size() - 1), seen.toString());
      HttpResponse<String> failed = agent.client.awaitTask(accepted, TestAgent.READER);
      assertEquals(503, failed.statusCode(), failed.body());
      assertTrue(
          json(failed)
              .at("/error/message")
              .asText()
              .contains("switched back to its previous image"),
          failed.body());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    JsonNode after = inventory("SW2");
    assertEquals(before.get("Version"), after.get("Version"), "running the image it ran before");
    assertEquals(
        findCopy(before, "Running").get("Copy"),
        findCopy(after, "BootsNext").get("Copy"),
        "and booting it next time too");
    assertFalse(after.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean());
  }

  static HttpResponse<String> resetSwitch(String switchId, String body) throws Exception {
    return agent.client.send(
        "POST",
        "/redfish/v1/Fabrics/PCIe/Switches/" + switchId + "/Actions/Switch.Reset",
        TestAgent.OPERATOR,
        body);
  }

  @Test
  void a_switch_reset_starts_the_image_written_for_on_reset_or_falls_back_when_it_does_not_boot()
      throws Exception {
    JsonNode sw = json(agent.client.get("/redfish/v1/Fabrics/PCIe/Switches/SW4", TestAgent.READER));
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Switches/SW4/Actions/Switch.Reset",
        sw.at("/Actions/#Switch.Reset/target").asText());
    assertEquals(400, resetSwitch("SW4", "{\"ResetType\": \"PowerCycle\"}").statusCode());

    // The new image does not start: the switch is back on its previous image, which also boots
    // next.
    String before = inventory("SW4").get("Version").asText();
    assertEquals(
        200,
        agent
            .client
            .awaitTask(
                push(
                    bundle(FirmwareVersion.parse("9.41 B001")),
                    targeting("SW4", "OnReset"),
                    TestAgent.OPERATOR),
                TestAgent.READER)
            .statusCode());
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("firmware-boot-failure", "/redfish/v1/Fabrics/PCIe/Switches/SW4");
    try {
      HttpResponse<String> failed =
          agent.client.awaitTask(resetSwitch("SW4", "{}"), TestAgent.READER);
      assertEquals(503, failed.statusCode(), failed.body());
      assertEquals(
          "Update.1.3.0.ActivateFailed",
          json(failed).at("/error/@Message.ExtendedInfo/0/MessageId").asText());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    JsonNode fellBack = inventory("SW4");
    assertEquals(before, fellBack.get("Version").asText());
    assertTrue(findCopy(fellBack, "Running").get("BootsNext").asBoolean(), fellBack.toString());

    // Written for OnReset, started by Switch.Reset.
    assertEquals(
        200,
        agent
            .client
            .awaitTask(
                push(
                    bundle(FirmwareVersion.parse("9.40 B001")),
                    targeting("SW4", "OnReset"),
                    TestAgent.OPERATOR),
                TestAgent.READER)
            .statusCode());
    assertTrue(inventory("SW4").at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean());
    try (SseReader steps = streamOf("OriginResource eq '" + INVENTORY + "SW4'")) {
      HttpResponse<String> reset = resetSwitch("SW4", "{\"ResetType\": \"ForceRestart\"}");
      assertEquals(202, reset.statusCode(), reset.body());
      assertEquals(List.of("Update.1.3.0.UpdateSuccessful"), eventsUntilDone(steps));
      assertEquals(200, agent.client.awaitTask(reset, TestAgent.READER).statusCode());
    }
    JsonNode after = inventory("SW4");
    assertEquals("9.40 B001", after.get("Version").asText());
    assertFalse(after.at("/Oem/GpuChassisAgent/ActivationPendingReset").asBoolean());
    HealthIT.await(
        "the switch as polled runs it too",
        () -> {
          try {
            return "9.40 B001"
                .equals(
                    json(agent.client.get(
                            "/redfish/v1/Fabrics/PCIe/Switches/SW4", TestAgent.READER))
                        .get("FirmwareVersion")
                        .asText());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }

  @Test
  void simple_update_fetches_the_bundle_over_http() throws Exception {
    byte[] bundle = bundle(FirmwareVersion.parse("9.31 B001"));
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/images/switch.fwb",
        exchange -> {
          exchange.sendResponseHeaders(200, bundle.length);
          exchange.getResponseBody().write(bundle);
          exchange.close();
        });
    server.start();
    try {
      String uri = "http://127.0.0.1:" + server.getAddress().getPort() + "/images/switch.fwb";
      HttpResponse<String> accepted =
          agent.client.send(
              "POST",
              SERVICE + "/Actions/UpdateService.SimpleUpdate",
              TestAgent.OPERATOR,
              "{\"ImageURI\": \""
                  + uri
                  + "\", \"TransferProtocol\": \"HTTP\", \"Targets\": [\""
                  + INVENTORY
                  + "SW3\"]}");
      assertEquals(202, accepted.statusCode(), accepted.body());
      assertEquals(200, agent.client.awaitTask(accepted, TestAgent.READER).statusCode());
      assertEquals("9.31", findCopy(inventory("SW3"), "BootsNext").get("Version").asText());

      HttpResponse<String> missing =
          agent.client.send(
              "POST",
              SERVICE + "/Actions/UpdateService.SimpleUpdate",
              TestAgent.OPERATOR,
              "{\"ImageURI\": \""
                  + uri.replace("/images/", "/missing/")
                  + "\", \"Targets\": [\""
                  + INVENTORY
                  + "SW3\"]}");
      HttpResponse<String> failed = agent.client.awaitTask(missing, TestAgent.READER);
      assertEquals(400, failed.statusCode(), failed.body());
      assertEquals(
          "Update.1.3.0.TransferFailed",
          json(failed).at("/error/@Message.ExtendedInfo/0/MessageId").asText());

      HttpResponse<String> ftp =
          agent.client.send(
              "POST",
              SERVICE + "/Actions/UpdateService.SimpleUpdate",
              TestAgent.OPERATOR,
              "{\"ImageURI\": \"ftp://127.0.0.1/x.fwb\"}");
      assertEquals(400, ftp.statusCode(), ftp.body());
      assertEquals(
          "Base.1.22.1.ActionParameterValueFormatError",
          json(ftp).at("/error/@Message.ExtendedInfo/0/MessageId").asText());

      // Credentials for the image server never show in the Task that every reader can see.
      HttpResponse<String> withPassword =
          agent.client.send(
              "POST",
              SERVICE + "/Actions/UpdateService.SimpleUpdate",
              TestAgent.OPERATOR,
              "{\"ImageURI\": \""
                  + uri
                  + "\", \"Username\": \"u\", \"Password\": \"s3cret-pw\","
                  + " \"Targets\": [\""
                  + INVENTORY
                  + "SW3\"], \"ForceUpdate\": true}");
      assertEquals(202, withPassword.statusCode(), withPassword.body());
      assertFalse(withPassword.body().contains("s3cret-pw"), withPassword.body());
      assertEquals(200, agent.client.awaitTask(withPassword, TestAgent.READER).statusCode());
    } finally {
      server.stop(0);
    }
  }
}
