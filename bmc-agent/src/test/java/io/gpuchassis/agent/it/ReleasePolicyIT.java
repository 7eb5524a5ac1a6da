package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.ADMIN;
import static io.gpuchassis.agent.it.TestAgent.OPERATOR;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.CompositionSettings.Policy;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a standard composer's requests are answered over real HTTPS: with their result within the
 * answer window (a task only when asked for), and by the release policies. Release policies, as a
 * standard composer meets them (no ReadyToRemove step): under {@code release-or-idle} a busy GPU is
 * refused with a message that says it is busy, and once its switch port's counters stand still for
 * the window it is released; a host port under {@code require-release} keeps an idle GPU until its
 * host lets go.
 */
class ReleasePolicyIT {

  static final String ZONE1 = "/redfish/v1/Fabrics/PCIe/Zones/Host1";
  static final String ZONE2 = "/redfish/v1/Fabrics/PCIe/Zones/Host2";
  static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir static Path stateDir;
  static TestAgent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    // Counters read every 2 s (every tenth poll), so a window of 4 s: two readings
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withSwitchPollInterval(Duration.ofMillis(200))
                    .withComposition(
                        new CompositionSettings(
                            Policy.RELEASE_OR_IDLE,
                            Duration.ofSeconds(4),
                            Map.of("Host2", Policy.REQUIRE_RELEASE))));
    client = agent.client;
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void an_idle_gpu_is_released_without_ready_to_remove_and_a_busy_one_is_not() throws Exception {
    bind(ZONE1, 1);
    bind(ZONE2, 2);
    String port1 = switchPortOf(1);
    String port2 = switchPortOf(2);
    await(port1 + "/Metrics", "the GPU in slot 1 moving data");

    HttpResponse<String> busy = remove(ZONE1, 1);
    assertEquals(409, busy.statusCode(), busy.body());
    assertTrue(busy.body().contains("ResourceInUse"), busy.body());
    assertTrue(
        busy.body().contains("slot 1") && busy.body().contains("busy"),
        "the refusal says which GPU and why: " + busy.body());
    assertTrue(members(ZONE1).contains(endpointUri(1)), "nothing changed");

    String idle1 = inject("gpu-idle", port1);
    String idle2 = inject("gpu-idle", port2);
    // What the composer sees: it retries until the window has passed; no ReadyToRemove is set
    HttpResponse<String> released = null;
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      released = remove(ZONE1, 1);
      if (released.statusCode() != 409) {
        break;
      }
      Thread.sleep(250);
    }
    released = client.awaitTask(released, OPERATOR);
    assertEquals(200, released.statusCode(), released.body());
    assertFalse(members(ZONE1).contains(endpointUri(1)), "slot 1 is free again");

    // The same idleness, seen by the same readings, does not release Host2's GPU
    HttpResponse<String> held = remove(ZONE2, 2);
    assertEquals(409, held.statusCode(), held.body());
    assertTrue(held.body().contains("require-release"), held.body());
    assertTrue(members(ZONE2).contains(endpointUri(2)));

    client.send("DELETE", idle1, ADMIN, null);
    client.send("DELETE", idle2, ADMIN, null);
    client.send(
        "PATCH",
        "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot2",
        OPERATOR,
        "{\"ReadyToRemove\":true}");
    assertEquals(200, client.awaitTask(remove(ZONE2, 2), OPERATOR).statusCode());
  }

  @Test
  void a_change_done_within_the_answer_window_is_answered_with_its_result_unless_a_task_is_asked()
      throws Exception {
    // What a composer that takes only 200 or 204 sends: no Prefer header. The window is the
    // default's, 10 s, which a bind in the fast simulation stays well within.
    HttpResponse<String> answered =
        client.send("POST", ZONE1 + "/Actions/Zone.AddEndpoint", OPERATOR, endpoint(3));
    assertEquals(200, answered.statusCode(), answered.body());
    assertTrue(
        json(answered).at("/Links/Endpoints").toString().contains("GPU-Slot3"),
        "the zone as changed: " + answered.body());
    assertTrue(
        json(answered).at("/@Message.ExtendedInfo").toString().contains("LinkVerified"),
        "with how the GPU's link trained: " + answered.body());
    assertTrue(members(ZONE1).contains(endpointUri(3)));

    client.send(
        "PATCH",
        "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot3",
        OPERATOR,
        "{\"ReadyToRemove\":true}");
    HttpResponse<String> accepted =
        client.send(
            "POST",
            ZONE1 + "/Actions/Zone.RemoveEndpoint",
            OPERATOR,
            endpoint(3),
            "Prefer",
            "respond-async");
    assertEquals(202, accepted.statusCode(), "a task was asked for: " + accepted.body());
    assertTrue(accepted.headers().firstValue("Location").orElseThrow().contains("TaskMonitors"));
    assertEquals(200, client.awaitTask(accepted, OPERATOR).statusCode());
    assertFalse(members(ZONE1).contains(endpointUri(3)));
  }

  static void bind(String zone, int slot) throws Exception {
    HttpResponse<String> added =
        client.awaitTask(
            client.send("POST", zone + "/Actions/Zone.AddEndpoint", OPERATOR, endpoint(slot)),
            OPERATOR);
    assertEquals(200, added.statusCode(), added.body());
  }

  static HttpResponse<String> remove(String zone, int slot) throws Exception {
    return client.send("POST", zone + "/Actions/Zone.RemoveEndpoint", OPERATOR, endpoint(slot));
  }

  /** The switch port the GPU in {@code slot} is cabled to, as its processor's port names it. */
  static String switchPortOf(int slot) throws Exception {
    return json(client.get(
            "/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot"
                + slot
                + "/Processors/GPU/Ports/PCIe",
            READER))
        .at("/Links/ConnectedSwitchPorts/0/@odata.id")
        .asText();
  }

  static void await(String metrics, String what) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (json(client.get(metrics, READER)).get("TXBytes").asLong() == 0) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no " + what + " within " + WAIT);
      }
      Thread.sleep(100);
    }
  }

  private static String inject(String kind, String target) throws Exception {
    return client.injectFault(ADMIN, kind, target);
  }

  static String endpointUri(int slot) {
    return "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot" + slot;
  }

  static String endpoint(int slot) {
    return "{\"Endpoint\":{\"@odata.id\":\"" + endpointUri(slot) + "\"}}";
  }

  static java.util.List<String> members(String zone) throws Exception {
    return json(client.get(zone, READER)).at("/Links/Endpoints").findValuesAsText("@odata.id");
  }
}
