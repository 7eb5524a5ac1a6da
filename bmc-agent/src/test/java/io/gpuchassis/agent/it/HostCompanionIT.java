package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.companion.RedfishAgent;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host companion's report over real HTTPS ({@code #GpuChassisAgent.HostReport} on a host's
 * ComputerSystem): accepted from an Operator, shown on the system (UUID) and the GPU's PCIe device
 * (Oem SeenByHost), refused whole when malformed or about a GPU the host does not hold, forgotten
 * with the GPU's release, kept across a restart; and the companion's own commands run against the
 * agent on a host tree in a temporary folder.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostCompanionIT {

  static final String HOST1 = "/redfish/v1/Systems/Host1";

  /** How long an attach waits for the companion here: short, so the test of no report is. */
  static final Duration CONFIRM_WITHIN = Duration.ofSeconds(10);

  static final UnaryOperator<AgentConfig> ATTACH_WAIT =
      c -> c.withComposition(c.composition().withHostConfirmWithin(CONFIRM_WITHIN));

  static final String REPORT = HOST1 + "/Actions/Oem/GpuChassisAgent.HostReport";
  static final String DEVICES = "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot";
  static final String UUID1 = "4c4c4544-0042-3510-8052-b4c04f4b4e31";

  @TempDir static Path stateDir;
  @TempDir static Path hostRoot;

  /** What {@code nvidia-smi -L} prints on the host: nothing (not installed) unless a test says. */
  static Optional<String> nvidiaSmi = Optional.empty();

  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, ATTACH_WAIT);
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  @Order(1)
  void a_report_is_shown_on_the_system_and_the_gpu_and_a_malformed_one_changes_nothing()
      throws Exception {
    attach("Host1", 1);
    JsonNode system = json(client.get(HOST1, READER));
    assertFalse(system.has("UUID"), "no UUID before the host reported");
    assertEquals(
        REPORT, system.at("/Actions/Oem/#GpuChassisAgent.HostReport/target").asText(), "offered");

    HttpResponse<String> reported =
        client.send(
            "POST",
            REPORT,
            OPERATOR,
            report(UUID1, 1, "0000:41:00.0", "GPU-0a1b2c3d-0000-4000-8000-000000000001"));
    assertEquals(204, reported.statusCode(), reported.body());

    assertEquals(UUID1, json(client.get(HOST1, READER)).path("UUID").asText());
    // The host port's identity: its initiator endpoint names the system, whose UUID that is
    assertEquals(
        HOST1,
        json(client.get("/redfish/v1/Fabrics/PCIe/Endpoints/Host1", READER))
            .at("/ConnectedEntities/0/EntityLink/@odata.id")
            .asText());
    JsonNode seen = json(client.get(DEVICES + 1, READER)).at("/Oem/GpuChassisAgent/SeenByHost");
    assertEquals("0000:41:00.0", seen.path("HostAddress").asText());
    assertEquals("GPU-0a1b2c3d-0000-4000-8000-000000000001", seen.path("DeviceUUID").asText());
    assertTrue(seen.has("Reported"));
    // Both, with the OEM action and object, as DMTF's schemas and the agent's OEM schema define
    // them
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      for (String uri : List.of(HOST1, DEVICES + 1)) {
        assertEquals(List.of(), validator.get().validate(json(client.get(uri, READER))), uri);
      }
    }

    // Each malformed or wrong report is refused whole with its Base message; nothing changes
    String other = "5c4c4544-0042-3510-8052-b4c04f4b4e31";
    refused(report("not-a-uuid", 1, "0000:41:00.0", null), "ActionParameterValueFormatError");
    refused(report(other, 1, "41:00", null), "ActionParameterValueFormatError");
    refused(report(other, 1, "0000:41:00.0", "nvidia0"), "ActionParameterValueFormatError");
    refused(report(other, 2, "0000:42:00.0", null), "ActionParameterValueError"); // not Host1's
    refused(report(other, 5, "0000:42:00.0", null), "ActionParameterValueError"); // empty slot
    refused("{\"SystemUUID\": \"" + other + "\", \"Hostname\": \"x\"}", "ActionParameterUnknown");
    refused("{\"Devices\": []}", "ActionParameterMissing");
    refused(
        "{\"SystemUUID\": \""
            + other
            + "\", \"Devices\": ["
            + device(1, "0000:41:00.0", null)
            + ","
            + device(1, "0000:43:00.0", null)
            + "]}",
        "ActionParameterValueError");
    assertEquals(UUID1, json(client.get(HOST1, READER)).path("UUID").asText(), "unchanged");
    assertEquals(
        "0000:41:00.0",
        json(client.get(DEVICES + 1, READER))
            .at("/Oem/GpuChassisAgent/SeenByHost/HostAddress")
            .asText());

    assertEquals(
        403,
        client.send("POST", REPORT, READER, report(other, 1, "0000:41:00.0", null)).statusCode());
    assertEquals(
        404,
        client
            .send(
                "POST",
                "/redfish/v1/Systems/Host99/Actions/Oem/GpuChassisAgent.HostReport",
                OPERATOR,
                report(other, 1, "0000:41:00.0", null))
            .statusCode());
  }

  @Test
  @Order(4)
  void an_attach_the_companion_does_not_report_ends_with_a_warning_and_the_gpu_attached()
      throws Exception {
    // Host1 has reported itself; nothing on the host reports slot 4 within the wait
    HttpResponse<String> accepted = startAttach("Host1", 4);
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> done = client.awaitTask(accepted, ADMIN, CONFIRM_WITHIN.multipliedBy(3));
    assertEquals(200, done.statusCode(), done.body());
    JsonNode task = json(client.get(json(accepted).get("@odata.id").asText(), READER));
    assertEquals("Warning", task.get("TaskStatus").asText(), task.toString());
    assertTrue(
        task.get("Messages").toString().contains("GpuChassisComposition.1.0.0.HostDidNotSeeGpu"),
        task.toString());
    assertEquals(
        SlotBinding.State.BOUND,
        agent.agent.model().current().binding(4).state(),
        "the GPU stays attached");
    agent.agent.bindings().unbind(4, true).join();
  }

  @Test
  @Order(2)
  void the_companion_attaches_and_detaches_a_gpu_against_the_agent() throws Exception {
    // Host1 has reported itself (its companion runs): the attach's task ends once the companion
    // reports the GPU
    HttpResponse<String> accepted = startAttach("Host1", 3);
    assertEquals(202, accepted.statusCode(), accepted.body());
    String task = json(accepted).get("@odata.id").asText();
    Path tree = hostTree();
    Path gpuDir = tree.resolve("sys/devices/pci0000:40/0000:40:01.1/0000:41:00.0");
    String uuid = "GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d";
    Files.createDirectories(gpuDir);
    Files.writeString(gpuDir.resolve("class"), "0x030200\n");
    Files.writeString(gpuDir.resolve("remove"), "");
    Files.createSymbolicLink(
        tree.resolve("sys/bus/pci/devices/0000:41:00.0"),
        Path.of("../../../devices/pci0000:40/0000:40:01.1/0000:41:00.0"));
    Files.createDirectories(tree.resolve("sys/bus/pci/drivers/nvidia"));
    Files.createSymbolicLink(gpuDir.resolve("driver"), tree.resolve("sys/bus/pci/drivers/nvidia"));
    Path info = tree.resolve("proc/driver/nvidia/gpus/0000:41:00.0/information");
    Files.createDirectories(info.getParent());
    Files.writeString(info, "GPU UUID: \t " + uuid + "\nDevice Minor: \t 0\n");

    companion("attach", "--system", "Host1", "--slot", "3", "--bridge", "0000:40:01.1");
    assertEquals(200, client.awaitTask(accepted, ADMIN).statusCode());
    String messages = json(client.get(task, READER)).get("Messages").toString();
    assertTrue(
        messages.contains("GpuChassisComposition.1.0.0.HostSeesGpu")
            && messages.contains("0000:41:00.0"),
        "the task says where the host sees the GPU: " + messages);

    JsonNode seen = json(client.get(DEVICES + 3, READER)).at("/Oem/GpuChassisAgent/SeenByHost");
    assertEquals("0000:41:00.0", seen.path("HostAddress").asText());
    assertEquals(uuid, seen.path("DeviceUUID").asText());
    assertEquals(
        UUID1.replace("4c4c", "9c4c"), json(client.get(HOST1, READER)).path("UUID").asText());
    try (RedfishAgent redfish =
        new RedfishAgent(
            URI.create("https://127.0.0.1:" + agent.agent.port()),
            "operator",
            TestAgent.OPERATOR_PASSWORD,
            Optional.of(stateDir.resolve("tls/https-cert.pem")),
            Duration.ofSeconds(30))) {
      assertEquals(
          "0000:41:00.0", redfish.reportedAddress(3).orElseThrow().toString(), "read back");
    }

    // The kernel takes the device away when the companion writes its remove attribute
    Thread kernel =
        new Thread(
            () -> {
              try {
                while (!Files.readString(gpuDir.resolve("remove")).trim().equals("1")) {
                  Thread.sleep(5);
                }
                try (var files = Files.walk(gpuDir)) {
                  files
                      .sorted(java.util.Comparator.reverseOrder())
                      .forEach(p -> p.toFile().delete());
                }
                Files.delete(tree.resolve("sys/bus/pci/devices/0000:41:00.0"));
              } catch (Exception e) {
                // the test fails on the device still being there
              }
            });
    kernel.setDaemon(true);
    kernel.start();

    // No --address: the companion asks the agent where it reported the GPU
    companion("detach", "--slot", "3");

    assertFalse(Files.exists(tree.resolve("sys/bus/pci/devices/0000:41:00.0")));
    assertTrue(json(client.get(DEVICES + 3, READER)).path("ReadyToRemove").asBoolean());
    HttpResponse<String> released =
        client.awaitTask(
            client.send(
                "POST",
                HOST1 + "/Actions/ComputerSystem.RemoveResourceBlock",
                OPERATOR,
                "{\"ResourceBlock\": {\"@odata.id\": \"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3\"}}"),
            OPERATOR);
    assertEquals(200, released.statusCode(), released.body());
    assertTrue(
        json(client.get(DEVICES + 3, READER)).at("/Oem/GpuChassisAgent/SeenByHost").isMissingNode(),
        "forgotten with the release");
  }

  @Test
  @Order(3)
  void what_was_reported_survives_a_restart() throws Exception {
    attach("Host2", 2);
    String uuid2 = "6c4c4544-0042-3510-8052-b4c04f4b4e31";
    assertEquals(
        204,
        client
            .send(
                "POST",
                "/redfish/v1/Systems/Host2/Actions/Oem/GpuChassisAgent.HostReport",
                OPERATOR,
                report(uuid2, 2, "0000:c1:00.0", null))
            .statusCode());

    agent.close();
    agent = TestAgent.start(stateDir, ATTACH_WAIT);
    client = agent.client;

    assertEquals(
        uuid2, json(client.get("/redfish/v1/Systems/Host2", READER)).path("UUID").asText());
    JsonNode seen = json(client.get(DEVICES + 2, READER)).at("/Oem/GpuChassisAgent/SeenByHost");
    assertEquals("0000:c1:00.0", seen.path("HostAddress").asText(), "the GPU is still Host2's");
    assertFalse(seen.has("DeviceUUID"), "none was reported");
  }

  @Test
  @Order(5)
  void the_companion_reports_its_bridge_s_window_which_the_system_shows_and_an_attach_keeps()
      throws Exception {
    Path tree = hostRoot.resolve("sys/bus/pci/devices/0000:40:01.1");
    if (!Files.exists(tree)) {
      hostTree();
    }
    // The bridge's resources as Linux lists them: its 64-bit prefetchable window third of the last
    // four lines, 512 GiB
    StringBuilder resources = new StringBuilder();
    for (int i = 0; i < 17; i++) {
      resources.append(
          i == 15 ? "0x0000380000000000 0x0000387fffffffff 0x000000000014220c\n" : "0x0 0x0 0x0\n");
    }
    Files.writeString(tree.resolve("resource"), resources.toString());

    companion("report", "--system", "Host1", "--bridge", "0000:40:01.1");

    JsonNode oem = json(client.get(HOST1, READER)).at("/Oem/GpuChassisAgent");
    assertEquals(512 * 1024, oem.path("HotPlugWindowMiB").asLong(), oem.toString());
    assertEquals("HostCompanion", oem.path("HotPlugWindowSource").asText());
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      assertEquals(List.of(), validator.get().validate(json(client.get(HOST1, READER))));
    }
    // A report without a window (an attach's) leaves it
    assertEquals(
        204,
        client
            .send(
                "POST",
                REPORT,
                OPERATOR,
                "{\"SystemUUID\": \"" + UUID1.replace("4c4c", "9c4c") + "\"}")
            .statusCode());
    assertEquals(
        512 * 1024,
        json(client.get(HOST1, READER)).at("/Oem/GpuChassisAgent/HotPlugWindowMiB").asLong());
  }

  @Test
  @Order(6)
  void
      the_mig_devices_the_host_reports_are_the_gpus_partitions_until_a_report_or_release_drops_them()
          throws Exception {
    String gpuUuid = "GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d";
    String mig0 = "MIG-c7384736-a75d-5afc-978f-d2f1294409fd";
    String mig1 = "MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d";
    String processor = "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3/Processors/GPU";
    String partitions = processor + "/SubProcessors";
    HttpResponse<String> accepted = startAttach("Host1", 3);
    assertEquals(202, accepted.statusCode(), accepted.body());
    Path tree =
        Files.exists(
                hostRoot.resolve("sys/bus/pci/devices/0000:40:01.1"), LinkOption.NOFOLLOW_LINKS)
            ? hostRoot
            : hostTree();
    nvidiaGpu(tree, "0000:41:00.0", gpuUuid);
    // Another GPU of the host, with a MIG device of its own, and ours split in two
    nvidiaSmi =
        Optional.of(
            "GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-838f60d9-651f-9166-ea42-f9da674a6947)\n"
                + "  MIG 7g.40gb     Device  0: (UUID: MIG-ffda444c-c706-57c6-98c9-67c441a0b109)\n"
                + "GPU 1: NVIDIA A100-SXM4-40GB (UUID: "
                + gpuUuid
                + ")\n"
                + "  MIG 3g.20gb     Device  0: (UUID: "
                + mig0
                + ")\n"
                + "  MIG 3g.20gb     Device  1: (UUID: "
                + mig1
                + ")\n");

    companion("attach", "--system", "Host1", "--slot", "3", "--bridge", "0000:40:01.1");
    assertEquals(200, client.awaitTask(accepted, ADMIN).statusCode());

    assertEquals(
        partitions, json(client.get(processor, READER)).at("/SubProcessors/@odata.id").asText());
    JsonNode collection = json(client.get(partitions, READER));
    assertEquals(
        List.of(partitions + "/0", partitions + "/1"), members(collection), collection.toString());
    JsonNode first = json(client.get(partitions + "/0", READER));
    assertEquals("Partition", first.path("ProcessorType").asText());
    assertEquals("3g.20gb", first.path("Model").asText());
    assertEquals(mig0.substring(4), first.path("UUID").asText());
    assertEquals(20 * 1024, first.at("/ProcessorMemory/0/CapacityMiB").asInt());
    assertEquals(
        mig1.substring(4), json(client.get(partitions + "/1", READER)).path("UUID").asText());
    // The same devices under the host's view of the GPU
    String hostProcessor = HOST1 + "/Processors/GPU-Slot3";
    String hostPartitions = hostProcessor + "/SubProcessors";
    assertEquals(
        hostPartitions,
        json(client.get(hostProcessor, READER)).at("/SubProcessors/@odata.id").asText());
    assertEquals(
        List.of(hostPartitions + "/0", hostPartitions + "/1"),
        members(json(client.get(hostPartitions, READER))));
    assertEquals(
        mig1.substring(4), json(client.get(hostPartitions + "/1", READER)).path("UUID").asText());
    Optional<RedfishSchemaValidator> validator = RedfishSchemaValidator.locate();
    if (validator.isPresent()) {
      for (String uri :
          List.of(
              processor,
              partitions,
              partitions + "/0",
              hostProcessor,
              hostPartitions,
              hostPartitions + "/1")) {
        assertEquals(List.of(), validator.get().validate(json(client.get(uri, READER))), uri);
      }
    }

    // A malformed partition: the whole report is refused and the devices stay
    refused(
        "{\"SystemUUID\": \""
            + UUID1
            + "\", \"Devices\": [{\"ResourceBlock\": {\"@odata.id\":"
            + " \"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3\"}, \"HostAddress\":"
            + " \"0000:41:00.0\", \"Partitions\": [{\"Index\": 0, \"Profile\": \"big\","
            + " \"UUID\": \""
            + mig0
            + "\"}]}]}",
        "ActionParameterValueFormatError");
    assertEquals(2, members(json(client.get(partitions, READER))).size(), "unchanged");

    // The host destroyed its MIG devices: the next report has none, and neither has the GPU
    nvidiaSmi = Optional.of("GPU 1: NVIDIA A100-SXM4-40GB (UUID: " + gpuUuid + ")\n");
    companion("attach", "--system", "Host1", "--slot", "3", "--bridge", "0000:40:01.1");
    assertEquals(List.of(), members(json(client.get(partitions, READER))));
    assertEquals(404, client.get(partitions + "/0", READER).statusCode());

    // Reported again, then the GPU released: they go with it
    assertEquals(
        204,
        client
            .send(
                "POST",
                REPORT,
                OPERATOR,
                "{\"SystemUUID\": \""
                    + UUID1
                    + "\", \"Devices\": [{\"ResourceBlock\": {\"@odata.id\":"
                    + " \"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3\"},"
                    + " \"HostAddress\": \"0000:41:00.0\", \"Partitions\": [{\"Index\": 4,"
                    + " \"Profile\": \"1g.5gb\", \"UUID\": \""
                    + mig1
                    + "\"}]}]}")
            .statusCode());
    assertEquals(List.of(partitions + "/4"), members(json(client.get(partitions, READER))));
    agent.agent.bindings().unbind(3, true).join();
    assertEquals(List.of(), members(json(client.get(partitions, READER))), "gone with the GPU");
    assertEquals(
        404, client.get(HOST1 + "/Processors/GPU-Slot3/SubProcessors", READER).statusCode());
  }

  private static List<String> members(JsonNode collection) {
    List<String> ids = new java.util.ArrayList<>();
    collection.path("Members").forEach(m -> ids.add(m.path("@odata.id").asText()));
    return ids;
  }

  /** An NVIDIA GPU at {@code address} under the chassis' bridge, its driver bound. */
  private static void nvidiaGpu(Path tree, String address, String uuid) throws Exception {
    Path gpuDir = tree.resolve("sys/devices/pci0000:40/0000:40:01.1/" + address);
    Files.createDirectories(gpuDir);
    Files.writeString(gpuDir.resolve("class"), "0x030200\n");
    Path link = tree.resolve("sys/bus/pci/devices/" + address);
    if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(
          link, Path.of("../../../devices/pci0000:40/0000:40:01.1/" + address));
    }
    Files.createDirectories(tree.resolve("sys/bus/pci/drivers/nvidia"));
    if (!Files.exists(gpuDir.resolve("driver"), LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(
          gpuDir.resolve("driver"), tree.resolve("sys/bus/pci/drivers/nvidia"));
    }
    Path info = tree.resolve("proc/driver/nvidia/gpus/" + address + "/information");
    Files.createDirectories(info.getParent());
    Files.writeString(info, "GPU UUID: \t " + uuid + "\nDevice Minor: \t 0\n");
  }

  /** Binds the GPU in {@code slot} to {@code host} and waits for the switch. */
  private static void attach(String host, int slot) throws Exception {
    HttpResponse<String> bound = client.awaitTask(startAttach(host, slot), ADMIN);
    assertEquals(200, bound.statusCode(), bound.body());
  }

  private static HttpResponse<String> startAttach(String host, int slot) throws Exception {
    return client.send(
        "POST",
        "/redfish/v1/Systems/" + host + "/Actions/ComputerSystem.AddResourceBlock",
        ADMIN,
        "{\"ResourceBlock\": {\"@odata.id\": \"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot"
            + slot
            + "\"}}");
  }

  private static void refused(String body, String messageId) throws Exception {
    HttpResponse<String> r = client.send("POST", REPORT, OPERATOR, body);
    assertEquals(400, r.statusCode(), body + " -> " + r.body());
    assertTrue(r.body().contains(messageId), body + " -> " + r.body());
  }

  private static String report(String systemUuid, int slot, String address, String deviceUuid) {
    return "{\"SystemUUID\": \""
        + systemUuid
        + "\", \"Devices\": ["
        + device(slot, address, deviceUuid)
        + "]}";
  }

  private static String device(int slot, String address, String deviceUuid) {
    return "{\"ResourceBlock\": {\"@odata.id\": \"/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot"
        + slot
        + "\"}, \"HostAddress\": \""
        + address
        + "\""
        + (deviceUuid == null ? "" : ", \"DeviceUUID\": \"" + deviceUuid + "\"")
        + "}";
  }

  /** A host's sysfs with the chassis' bridge under pciehp, and its SMBIOS UUID. */
  private static Path hostTree() throws Exception {
    Path bridge = hostRoot.resolve("sys/devices/pci0000:40/0000:40:01.1");
    Files.createDirectories(bridge);
    Files.writeString(bridge.resolve("class"), "0x060400\n");
    Files.writeString(bridge.resolve("rescan"), "");
    Files.createDirectories(hostRoot.resolve("sys/bus/pci/devices"));
    Files.createSymbolicLink(
        hostRoot.resolve("sys/bus/pci/devices/0000:40:01.1"),
        Path.of("../../../devices/pci0000:40/0000:40:01.1"));
    Files.createDirectories(
        hostRoot.resolve("sys/bus/pci_express/drivers/pciehp/0000:40:01.1:pcie204"));
    Path dmi = hostRoot.resolve("sys/class/dmi/id/product_uuid");
    Files.createDirectories(dmi.getParent());
    Files.writeString(dmi, UUID1.replace("4c4c", "9C4C").toUpperCase() + "\n");
    Files.createDirectories(hostRoot.resolve("proc"));
    return hostRoot;
  }

  /** Runs the companion's command line against the agent, as an Operator; it must succeed. */
  private static void companion(String... command) throws Exception {
    CompanionRun.succeeds(
        agent, stateDir.resolve("tls/https-cert.pem"), hostRoot, tool -> nvidiaSmi, command);
  }
}
