package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.HostSight;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.sim.SimulatedPlatform;
import io.gpuchassis.switchdrv.expether.EemClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host companion's word on an Ethernet attach, over HTTPS against the simulated ExpEther
 * manager: once the slot's I/O engine is in the host engine's group, the attach waits for the
 * companion on the server, which finds the GPU behind the host engine's own PCIe switch (no port of
 * the chassis' switches is involved) and reports it; the task then says where the host sees it. A
 * companion that does not report it ends the attach with a Warning and the GPU attached, as on
 * PCIe; a host without a companion is not waited for.
 */
class EthernetHostSightIT {

  static final String ETH1 = EthernetHostIT.ETH1;
  static final String ETH2 = EthernetHostIT.ETH2;

  /** How long an attach waits for the companion here: short, so the test of no report is. */
  static final Duration CONFIRM_WITHIN = Duration.ofSeconds(10);

  /**
   * Where the server sees the GPU: behind the downstream port of its ExpEther host engine, which
   * the server sees as a PCIe switch under its root port 0000:00:03.0.
   */
  static final String ENGINE_BRIDGE = "0000:04:00.0";

  static final String GPU_ADDRESS = "0000:05:00.0";
  static final String UUID1 = "4c4c4544-0042-3510-8052-b4c04f4b4e31";

  @TempDir static Path dir;
  @TempDir static Path hostRoot;
  static TestAgent agent;
  static AgentClient client;
  static EemClient manager;

  @BeforeAll
  static void start() throws Exception {
    Path board = EthernetHostIT.ethernetBoard(dir);
    agent =
        TestAgent.start(
            dir.resolve("state"),
            c ->
                c.withBoard(board)
                    .withComposition(c.composition().withHostConfirmWithin(CONFIRM_WITHIN)));
    client = agent.client;
    manager = ((SimulatedPlatform) agent.agent.platform()).expEther().orElseThrow().client();
    hostTree();
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @AfterEach
  void releaseAll() {
    for (int slot : List.of(1, 2, 3)) {
      if (agent.agent.model().current().binding(slot).host().isPresent()) {
        agent.agent.bindings().unbind(slot, true).join();
      }
    }
  }

  @Test
  void an_ethernet_host_s_companion_confirms_its_attach_and_the_task_says_where_it_sees_the_gpu()
      throws Exception {
    // The server's companion has reported itself: EthHost1's attaches wait for its word
    companion("report", "--system", ETH1);
    HttpResponse<String> accepted = startAttach(ETH1, 1);
    assertEquals(202, accepted.statusCode(), "the attach waits for the host: " + accepted.body());

    // The hot-plug is over: the I/O engine reports the host's group, and the server sees the GPU
    // behind its host engine
    awaitGroupOf(1);
    gpuBehindHostEngine();
    companion("attach", "--system", ETH1, "--slot", "1", "--bridge", ENGINE_BRIDGE);

    HttpResponse<String> done = client.awaitTask(accepted, ADMIN, CONFIRM_WITHIN.multipliedBy(3));
    assertEquals(200, done.statusCode(), done.body());
    JsonNode task = json(client.get(json(accepted).get("@odata.id").asText(), READER));
    assertEquals("OK", task.get("TaskStatus").asText(), task.toString());
    List<String> ids = messageIds(task);
    assertTrue(ids.contains("GpuChassisComposition.1.0.0.HostSeesGpu"), task.toString());
    assertTrue(task.get("Messages").toString().contains(GPU_ADDRESS), task.toString());
    assertFalse(
        ids.stream().anyMatch(id -> id.contains("Link")),
        "no link is read behind the engines, so none is reported: " + ids);

    SlotBinding binding = agent.agent.model().current().binding(1);
    assertEquals(HostSight.seenAt(GPU_ADDRESS), binding.hostSight());
    assertEquals(Optional.empty(), binding.link());
    JsonNode seen =
        json(client.get("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1", READER))
            .at("/Oem/GpuChassisAgent/SeenByHost");
    assertEquals(GPU_ADDRESS, seen.path("HostAddress").asText(), "the GPU's view shows it");
  }

  @Test
  void an_ethernet_attach_its_companion_does_not_report_ends_with_a_warning_and_the_gpu_attached()
      throws Exception {
    companion("report", "--system", ETH1);
    // Nothing on the server reports slot 2 within the wait
    HttpResponse<String> accepted = startAttach(ETH1, 2);
    assertEquals(202, accepted.statusCode(), accepted.body());
    HttpResponse<String> done = client.awaitTask(accepted, ADMIN, CONFIRM_WITHIN.multipliedBy(3));
    assertEquals(200, done.statusCode(), done.body());
    JsonNode task = json(client.get(json(accepted).get("@odata.id").asText(), READER));
    assertEquals("Warning", task.get("TaskStatus").asText(), task.toString());
    assertTrue(
        messageIds(task).contains("GpuChassisComposition.1.0.0.HostDidNotSeeGpu"), task.toString());

    assertEquals(
        SlotBinding.State.BOUND,
        agent.agent.model().current().binding(2).state(),
        "the GPU stays attached");
    assertEquals(HostSight.NOT_SEEN, agent.agent.model().current().binding(2).hostSight());
    assertEquals(
        manager.device(EthernetHostIT.ETH1_ENGINE).groupId(),
        manager.device(EthernetHostIT.engine(2)).groupId(),
        "its I/O engine stays in the host's group");
  }

  @Test
  void an_ethernet_host_without_a_companion_is_not_waited_for() throws Exception {
    // EthHost2's server never reported itself
    HttpResponse<String> done =
        client.awaitTask(startAttach(ETH2, 3), ADMIN, CONFIRM_WITHIN.multipliedBy(3));
    assertEquals(200, done.statusCode(), done.body());
    assertFalse(done.body().contains("HostSeesGpu"), done.body());
    assertFalse(done.body().contains("HostDidNotSeeGpu"), done.body());
    SlotBinding binding = agent.agent.model().current().binding(3);
    assertEquals(SlotBinding.State.BOUND, binding.state());
    assertEquals(HostSight.NOT_EXPECTED, binding.hostSight());
  }

  /** Waits, bounded, until the I/O engine of {@code slot} reports EthHost1's group. */
  private static void awaitGroupOf(int slot) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (manager.device(EthernetHostIT.engine(slot)).groupId()
        != manager.device(EthernetHostIT.ETH1_ENGINE).groupId()) {
      assertTrue(System.nanoTime() < deadline, "slot " + slot + "'s engine never joined");
      Thread.sleep(25);
    }
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

  private static List<String> messageIds(JsonNode task) {
    List<String> ids = new ArrayList<>();
    task.path("Messages").forEach(m -> ids.add(m.path("MessageId").asText()));
    return ids;
  }

  /**
   * The server's sysfs: its root port 0000:00:03.0, the host engine's switch (upstream port
   * 0000:03:00.0, downstream port {@link #ENGINE_BRIDGE} under pciehp), and its SMBIOS UUID.
   */
  private static void hostTree() throws Exception {
    String bridgePath = "pci0000:00/0000:00:03.0/0000:03:00.0/" + ENGINE_BRIDGE;
    Path bridge = hostRoot.resolve("sys/devices/" + bridgePath);
    Files.createDirectories(bridge);
    Files.writeString(bridge.resolve("class"), "0x060400\n");
    Files.writeString(bridge.resolve("rescan"), "");
    Files.createDirectories(hostRoot.resolve("sys/bus/pci/devices"));
    Files.createSymbolicLink(
        hostRoot.resolve("sys/bus/pci/devices/" + ENGINE_BRIDGE),
        Path.of("../../../devices/" + bridgePath));
    Files.createDirectories(
        hostRoot.resolve("sys/bus/pci_express/drivers/pciehp/" + ENGINE_BRIDGE + ":pcie204"));
    Path dmi = hostRoot.resolve("sys/class/dmi/id/product_uuid");
    Files.createDirectories(dmi.getParent());
    Files.writeString(dmi, UUID1.toUpperCase() + "\n");
    Files.createDirectories(hostRoot.resolve("proc"));
  }

  /** The GPU as pciehp added it behind the host engine's downstream port, its driver bound. */
  private static void gpuBehindHostEngine() throws Exception {
    String gpuPath = "pci0000:00/0000:00:03.0/0000:03:00.0/" + ENGINE_BRIDGE + "/" + GPU_ADDRESS;
    Path gpuDir = hostRoot.resolve("sys/devices/" + gpuPath);
    Files.createDirectories(gpuDir);
    Files.writeString(gpuDir.resolve("class"), "0x030200\n");
    Path link = hostRoot.resolve("sys/bus/pci/devices/" + GPU_ADDRESS);
    if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(link, Path.of("../../../devices/" + gpuPath));
    }
    Files.createDirectories(hostRoot.resolve("sys/bus/pci/drivers/nvidia"));
    if (!Files.exists(gpuDir.resolve("driver"), LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(
          gpuDir.resolve("driver"), hostRoot.resolve("sys/bus/pci/drivers/nvidia"));
    }
    Path info = hostRoot.resolve("proc/driver/nvidia/gpus/" + GPU_ADDRESS + "/information");
    Files.createDirectories(info.getParent());
    Files.writeString(
        info, "GPU UUID: \t GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d\nDevice Minor: \t 0\n");
  }

  /** Runs the companion's command line against the agent, as an Operator; it must succeed. */
  private static void companion(String... command) throws Exception {
    CompanionRun.succeeds(
        agent,
        dir.resolve("state/tls/https-cert.pem"),
        hostRoot,
        tool -> java.util.Optional.empty(),
        command);
  }
}
