package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.security.TestPasswordHashing;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Switch ports' PortMetrics byte counters, read by the agent from the simulated chip's PMON
 * bandwidth counters in every full sweep of the poll, move while a bound GPU works and stand still
 * once it is unbound; every port's CurrentSpeedGbps is the trained link (GT/s per lane × active
 * width, 0 without a link). Growth is awaited, never timed.
 */
class PortTrafficIT {

  static final String ADMIN = basic("admin", "traffic-admin-password");
  static final String SWITCH = "/redfish/v1/Fabrics/PCIe/Switches/SW1";
  static final String GPU_PORT = SWITCH + "/Ports/0";
  static final String HOST_PORT = SWITCH + "/Ports/5";
  static final String OTHER_HOST_PORT = SWITCH + "/Ports/6";

  @TempDir static Path stateDir;
  static Agent agent;
  static AgentClient client;

  @BeforeAll
  static void start() throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST)
            .withSwitchPollInterval(Duration.ofMillis(200));
    agent =
        Agent.start(
            config,
            Map.of("BMC_AGENT_ADMIN_PASSWORD", "traffic-admin-password"),
            TestPasswordHashing.hasher());
    client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void byte_counters_move_while_a_gpu_works_and_stop_when_it_is_unbound() throws Exception {
    await(GPU_PORT + "/Metrics", m -> m.has("TXBytes"), "the first poll of SW1");
    assertEquals(0, get(GPU_PORT + "/Metrics").get("TXBytes").asLong(), "nothing bound yet");

    driver(0, 1, true);
    await(GPU_PORT + "/Metrics", m -> m.get("TXBytes").asLong() > 0, "the GPU's traffic");
    long tx = get(GPU_PORT + "/Metrics").get("TXBytes").asLong();
    await(GPU_PORT + "/Metrics", m -> m.get("TXBytes").asLong() > tx, "more of it");
    JsonNode gpu = get(GPU_PORT + "/Metrics");
    assertTrue(gpu.get("RXBytes").asLong() > 0, "the GPU writes results back: " + gpu);
    await(HOST_PORT + "/Metrics", m -> m.get("RXBytes").asLong() > 0, "the host's side of it");
    assertEquals(
        0, get(OTHER_HOST_PORT + "/Metrics").get("RXBytes").asLong(), "the other partition");

    JsonNode port = get(GPU_PORT);
    assertEquals(512.0, port.get("CurrentSpeedGbps").asDouble(), "Gen5 x16 = 32 GT/s x 16");
    assertEquals(512.0, get(HOST_PORT).get("CurrentSpeedGbps").asDouble());

    driver(0, 1, false);
    await(GPU_PORT, p -> p.get("LinkStatus").asText().equals("NoLink"), "the unbound port");
    assertEquals(0.0, get(GPU_PORT).get("CurrentSpeedGbps").asDouble(), "no trained link");
    // byte counters are read in the full sweeps: the second GPU's traffic showing up means a sweep
    // after the unbind, its growth a later one; between them the unbound port's count stands still
    driver(1, 2, true);
    String second = SWITCH + "/Ports/1/Metrics";
    await(second, m -> m.get("TXBytes").asLong() > 0, "the second GPU");
    long stopped = get(GPU_PORT + "/Metrics").get("TXBytes").asLong();
    long secondTx = get(second).get("TXBytes").asLong();
    await(second, m -> m.get("TXBytes").asLong() > secondTx, "a later sweep");
    assertEquals(stopped, get(GPU_PORT + "/Metrics").get("TXBytes").asLong());
  }

  @Test
  void an_idle_gpu_keeps_its_link_and_its_byte_counters_stand_still() throws Exception {
    String gpu = SWITCH + "/Ports/2";
    String witness = SWITCH + "/Ports/3";
    driver(2, 3, true);
    driver(3, 4, true);
    await(gpu + "/Metrics", m -> m.get("TXBytes").asLong() > 0, "the GPU's traffic");
    String fault = inject("gpu-idle", gpu);
    // a poll after the fault: the witness GPU has moved more since
    long witnessAtIdle = get(witness + "/Metrics").get("TXBytes").asLong();
    await(witness + "/Metrics", m -> m.get("TXBytes").asLong() > witnessAtIdle, "a later poll");
    long idle = get(gpu + "/Metrics").get("TXBytes").asLong();
    long witnessAfter = get(witness + "/Metrics").get("TXBytes").asLong();
    await(witness + "/Metrics", m -> m.get("TXBytes").asLong() > witnessAfter, "another poll");
    assertEquals(idle, get(gpu + "/Metrics").get("TXBytes").asLong(), "idle");
    assertEquals("LinkUp", get(gpu).get("LinkStatus").asText());

    assertEquals(204, client.send("DELETE", fault, ADMIN, null).statusCode());
    await(gpu + "/Metrics", m -> m.get("TXBytes").asLong() > idle, "working again");
  }

  @Test
  void every_wired_port_shows_its_current_speed() throws Exception {
    JsonNode ports = get(SWITCH + "/Ports");
    for (JsonNode member : ports.get("Members")) {
      String uri = member.get("@odata.id").asText();
      await(uri, p -> p.has("LinkStatus"), "the first poll of " + uri);
      JsonNode p = get(uri);
      assertTrue(p.has("CurrentSpeedGbps"), uri + ": " + p);
      if (!p.get("LinkStatus").asText().equals("LinkUp")) {
        assertEquals(0.0, p.get("CurrentSpeedGbps").asDouble(), uri);
        assertFalse(p.has("ActiveWidth"), uri);
      } else {
        assertTrue(p.get("CurrentSpeedGbps").asDouble() > 0, uri);
      }
    }
  }

  private static String inject(String kind, String target) throws Exception {
    return client.injectFault(ADMIN, kind, target);
  }

  private static void driver(int port, int logical, boolean bind) throws Exception {
    agent
        .switches()
        .worker("SW1")
        .orElseThrow()
        .submit(
            driver -> {
              if (bind) {
                driver.bind(0, logical, port);
              } else {
                driver.unbind(0, logical);
              }
              return null;
            })
        .get();
  }

  static JsonNode get(String uri) throws Exception {
    HttpResponse<String> r = client.get(uri, ADMIN);
    assertEquals(200, r.statusCode(), uri + ": " + r.body());
    return json(r);
  }

  static void await(String uri, Predicate<JsonNode> condition, String what) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      last = get(uri);
      if (condition.test(last)) {
        return;
      }
      Thread.sleep(50);
    }
    fail("waited 5 s for " + what + " at " + uri + "; last: " + last);
  }
}
