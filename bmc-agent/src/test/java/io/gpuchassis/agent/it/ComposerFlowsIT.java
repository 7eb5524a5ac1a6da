package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each composer that exists, attaching GPUs and detaching them with exactly the requests it sends
 * and no other step (no ReadyToRemove, no force): DSP2050's specific and constrained composition
 * and its expandable-system actions, Intel RSD's Pod Manager and H3's zone PATCH. (A Sunfish core's
 * flow is SunfishIT.) Each composer takes whatever answer it gets, a result or a task, and retries
 * a detach the agent refuses while the GPU still moves data, as their reconcile loops do; the GPUs
 * stop moving data once attached (the simulator's gpu-idle), as a GPU no process uses does.
 */
class ComposerFlowsIT {

  static final String SYSTEMS = "/redfish/v1/Systems";
  static final String ZONES = "/redfish/v1/Fabrics/PCIe/Zones";
  static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;
  final List<String> faults = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    // Counters read every 2 s (every tenth poll), so an idle window of 4 s: two readings.
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withSwitchPollInterval(Duration.ofMillis(200))
                    .withComposition(
                        new CompositionSettings(
                            Policy.RELEASE_OR_IDLE, Duration.ofSeconds(4), Map.of())));
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @AfterEach
  void clearFaults() throws Exception {
    for (String fault : faults) {
      client.send("DELETE", fault, ADMIN, null);
    }
  }

  @Test
  void dsp2050_specific_composition_then_the_expandable_systems_patch() throws Exception {
    HttpResponse<String> composed =
        outcome(
            client.send("POST", SYSTEMS, OPERATOR, SystemCompositionIT.specific("Host1", 1, 2)));
    assertEquals(201, composed.statusCode(), composed.body());
    assertEquals(SYSTEMS + "/Host1", composed.headers().firstValue("Location").orElseThrow());
    assertEquals(List.of(gpu(1), gpu(2)), gpusOf("Host1"));
    idle(1, 2);

    String patch =
        "{\"Links\":{\"ResourceBlocks\":[{\"@odata.id\":\"" + hostBlock("Host1") + "\"}]}}";
    assertEquals(200, retried("PATCH", SYSTEMS + "/Host1", patch).statusCode());
    assertEquals(List.of(), gpusOf("Host1"));
  }

  @Test
  void dsp2050_constrained_composition_then_remove_resource_block() throws Exception {
    HttpResponse<String> composed =
        outcome(
            client.send(
                "POST",
                SYSTEMS,
                OPERATOR,
                SystemCompositionIT.constrained("Host3", 2, null, null)));
    assertEquals(201, composed.statusCode(), composed.body());
    List<String> gpus = gpusOf("Host3");
    assertEquals(2, gpus.size(), gpus.toString());
    idle(slots(gpus));

    for (String block : gpus) {
      HttpResponse<String> removed =
          retried(
              "POST",
              SYSTEMS + "/Host3/Actions/ComputerSystem.RemoveResourceBlock",
              "{\"ResourceBlock\":{\"@odata.id\":\"" + block + "\"}}");
      assertEquals(200, removed.statusCode(), removed.body());
    }
    assertEquals(List.of(), gpusOf("Host3"));
  }

  @Test
  void dsp2050_actions_add_and_remove_a_resource_block() throws Exception {
    String action = SYSTEMS + "/Host5/Actions/ComputerSystem.";
    String body = "{\"ResourceBlock\":{\"@odata.id\":\"" + gpu(11) + "\"}}";
    assertEquals(
        200,
        outcome(client.send("POST", action + "AddResourceBlock", OPERATOR, body)).statusCode());
    assertEquals(List.of(gpu(11)), gpusOf("Host5"));
    idle(11);
    assertEquals(200, retried("POST", action + "RemoveResourceBlock", body).statusCode());
    assertEquals(List.of(), gpusOf("Host5"));
  }

  @Test
  void rsd_pod_manager_patches_the_zone_with_the_union_of_its_endpoints_and_then_without()
      throws Exception {
    // ZoneAssemblyTask: the zone of the initiator exists, so the union of its endpoints and the
    // targets; detach is the same PATCH without the target.
    String zone = ZONES + "/Host7";
    List<String> union = new ArrayList<>(endpointsOf(zone));
    union.add(endpoint(16));
    union.add(endpoint(17));
    HttpResponse<String> attached = outcome(client.send("PATCH", zone, OPERATOR, endpoints(union)));
    assertEquals(200, attached.statusCode(), attached.body());
    assertTrue(endpointsOf(zone).containsAll(List.of(endpoint(16), endpoint(17))));
    assertTrue(endpointsOf(zone).contains("/redfish/v1/Fabrics/PCIe/Endpoints/Host7"));
    idle(16, 17);

    List<String> without = new ArrayList<>(endpointsOf(zone));
    without.remove(endpoint(16));
    without.remove(endpoint(17));
    assertEquals(200, retried("PATCH", zone, endpoints(without)).statusCode());
    assertEquals(List.of("/redfish/v1/Fabrics/PCIe/Endpoints/Host7"), endpointsOf(zone));
  }

  @Test
  void h3_patches_the_host_ports_zone_with_its_device_endpoints() throws Exception {
    // One zone per host port; assignment is a PATCH of the zone with the device endpoints.
    String zone = ZONES + "/Host4";
    HttpResponse<String> attached =
        outcome(client.send("PATCH", zone, OPERATOR, endpoints(List.of(endpoint(8)))));
    assertEquals(200, attached.statusCode(), attached.body());
    assertTrue(endpointsOf(zone).contains(endpoint(8)));
    idle(8);
    assertEquals(200, retried("PATCH", zone, endpoints(List.of())).statusCode());
    assertTrue(!endpointsOf(zone).contains(endpoint(8)));
  }

  /** The request's outcome: its answer, or its task's once done. */
  private static HttpResponse<String> outcome(HttpResponse<String> answer) throws Exception {
    return client.awaitTask(answer, OPERATOR);
  }

  /**
   * A detach as a composer's reconcile loop makes it: sent again while refused with 409 because the
   * GPU is busy, until the idle window has passed; then its outcome.
   */
  private static HttpResponse<String> retried(String method, String uri, String body)
      throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      HttpResponse<String> answer = client.send(method, uri, OPERATOR, body);
      if (answer.statusCode() != 409 || System.nanoTime() > deadline) {
        return outcome(answer);
      }
      assertTrue(answer.body().contains("ResourceInUse"), answer.body());
      Thread.sleep(250);
    }
  }

  /** The GPUs in {@code slots} stop moving data. */
  private void idle(int... slots) throws Exception {
    for (int slot : slots) {
      String port =
          json(client.get(gpu(slot) + "/Processors/GPU/Ports/PCIe", READER))
              .at("/Links/ConnectedSwitchPorts/0/@odata.id")
              .asText();
      faults.add(client.injectFault(ADMIN, "gpu-idle", port));
    }
  }

  private static int[] slots(List<String> blocks) {
    return blocks.stream()
        .mapToInt(b -> Integer.parseInt(b.substring(b.lastIndexOf("Slot") + 4)))
        .toArray();
  }

  private static List<String> gpusOf(String host) throws Exception {
    return json(client.get(SYSTEMS + "/" + host, READER))
        .at("/Links/ResourceBlocks")
        .findValuesAsText("@odata.id")
        .stream()
        .filter(b -> b.contains("GPU-"))
        .toList();
  }

  private static List<String> endpointsOf(String zone) throws Exception {
    return json(client.get(zone, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id");
  }

  private static String endpoints(List<String> uris) {
    StringBuilder links = new StringBuilder();
    for (String uri : uris) {
      links
          .append(links.length() == 0 ? "" : ",")
          .append("{\"@odata.id\":\"")
          .append(uri)
          .append("\"}");
    }
    return "{\"Links\":{\"Endpoints\":[" + links + "]}}";
  }

  private static String gpu(int slot) {
    return "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot" + slot;
  }

  private static String hostBlock(String host) {
    return "/redfish/v1/CompositionService/ResourceBlocks/" + host;
  }

  private static String endpoint(int slot) {
    return "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot" + slot;
  }
}
