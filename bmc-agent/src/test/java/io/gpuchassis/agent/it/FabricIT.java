package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live fabric view over real HTTPS: switches polled through the real driver over TCP from the
 * wire-level simulator, and every switch fault kind moving the Redfish state within a poll interval
 * or two, then recovering.
 */
class FabricIT {

  static final String ADMIN = basic("admin", "fabric-admin-password");
  static final Duration POLL = Duration.ofMillis(200);
  static final String SWITCH = "/redfish/v1/Fabrics/PCIe/Switches/SW1";
  static final String GPU_PORT = SWITCH + "/Ports/0";
  static final String EMPTY_SLOT_PORT = SWITCH + "/Ports/4";
  static final String HOST_PORT = SWITCH + "/Ports/5";
  static final String LINK_PORT = SWITCH + "/Ports/7";

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
            .withSwitchPollInterval(POLL);
    agent =
        Agent.start(
            config,
            Map.of("BMC_AGENT_ADMIN_PASSWORD", "fabric-admin-password"),
            TestPasswordHashing.hasher());
    client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
    // Binding is the composition engine's job; here the driver binds two GPU slots directly so
    // their links train.
    bind("SW1", 0);
    bind("SW3", 0);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("OK"), "SW1 to be polled");
    await(GPU_PORT, p -> p.path("LinkStatus").asText().equals("LinkUp"), "the bound GPU's link");
    // SW3's link trains on its own switch, in its own time: a test that reads it right after the
    // start found it still Training
    await(
        "/redfish/v1/Fabrics/PCIe/Switches/SW3/Ports/0",
        p -> p.path("LinkStatus").asText().equals("LinkUp"),
        "the bound L40S's link");
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @AfterEach
  void clearFaults() {
    agent.faults().orElseThrow().clearAll();
  }

  @Test
  void the_fabric_lists_four_switches_with_their_wired_ports() throws Exception {
    JsonNode switches = get("/redfish/v1/Fabrics/PCIe/Switches");
    assertEquals(4, switches.get("Members@odata.count").asInt());
    JsonNode ports = get(SWITCH + "/Ports");
    assertEquals(
        9, ports.get("Members@odata.count").asInt(), "5 slots, 2 hosts, 2 inter-switch links");
    JsonNode sw = get(SWITCH);
    assertEquals("PCIe", sw.get("SwitchType").asText());
    assertEquals("9.20 B04A", sw.get("FirmwareVersion").asText());
    assertEquals(160, sw.get("TotalSwitchWidth").asInt());
  }

  @Test
  void ports_show_their_links_as_polled_from_the_switch() throws Exception {
    JsonNode gpu = get(GPU_PORT);
    assertEquals("DownstreamPort", gpu.get("PortType").asText());
    assertEquals("LinkUp", gpu.get("LinkStatus").asText());
    assertEquals(16, gpu.get("ActiveWidth").asInt());
    assertEquals(512.0, gpu.get("CurrentSpeedGbps").asDouble(), "Gen5 x16 = 32 GT/s x 16");
    assertEquals("OK", gpu.at("/Status/Health").asText());

    JsonNode l40s = get("/redfish/v1/Fabrics/PCIe/Switches/SW3/Ports/0");
    assertEquals("LinkUp", l40s.get("LinkStatus").asText());
    assertEquals(
        256.0, l40s.get("CurrentSpeedGbps").asDouble(), "an L40S trains at Gen4 in a Gen5 slot");
    assertEquals(
        "OK", l40s.at("/Status/Health").asText(), "Gen4 is all an L40S can do: not degraded");

    JsonNode unbound = get(SWITCH + "/Ports/1");
    assertEquals(
        "NoLink",
        unbound.get("LinkStatus").asText(),
        "an unbound GPU's port is held down by the switch");
    assertEquals("OK", unbound.at("/Status/Health").asText());

    JsonNode empty = get(EMPTY_SLOT_PORT);
    assertEquals("NoLink", empty.get("LinkStatus").asText());
    assertEquals("OK", empty.at("/Status/Health").asText());

    assertEquals("UpstreamPort", get(HOST_PORT).get("PortType").asText());
    JsonNode link = get(LINK_PORT);
    assertEquals("InterswitchPort", link.get("PortType").asText());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Switches/SW2",
        link.at("/Links/ConnectedSwitches/0/@odata.id").asText());
  }

  @Test
  void link_down_turns_the_port_critical_and_recovers() throws Exception {
    String fault = inject("link-down", GPU_PORT);
    await(GPU_PORT, p -> p.get("LinkStatus").asText().equals("LinkDown"), "link down");
    JsonNode port = get(GPU_PORT);
    assertEquals("Critical", port.at("/Status/Health").asText());
    assertEquals("Critical", get(SWITCH).at("/Status/HealthRollup").asText());
    assertEquals(
        "OK", get(SWITCH).at("/Status/Health").asText(), "the switch itself still answers");
    clear(fault);
    await(GPU_PORT, p -> p.at("/Status/Health").asText().equals("OK"), "link back up");
  }

  @Test
  void link_degrade_shows_the_narrower_slower_link_as_a_warning() throws Exception {
    String fault = inject("link-degrade", GPU_PORT);
    await(GPU_PORT, p -> p.path("ActiveWidth").asInt() == 8, "link retrained at x8");
    JsonNode port = get(GPU_PORT);
    assertEquals(128.0, port.get("CurrentSpeedGbps").asDouble(), "Gen4 x8");
    assertEquals("Warning", port.at("/Status/Health").asText());
    clear(fault);
    await(GPU_PORT, p -> p.path("ActiveWidth").asInt() == 16, "full width again");
  }

  @Test
  void link_flap_is_seen_going_down_and_up() throws Exception {
    String fault = inject("link-flap", GPU_PORT);
    Set<String> seen = new HashSet<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (seen.size() < 2 && System.nanoTime() < deadline) {
      seen.add(get(GPU_PORT).path("LinkStatus").asText());
      Thread.sleep(50);
    }
    assertTrue(seen.contains("LinkUp") && seen.size() >= 2, "saw only " + seen);
    clear(fault);
    await(GPU_PORT, p -> p.get("LinkStatus").asText().equals("LinkUp"), "stable link");
  }

  @Test
  void an_aer_storm_drives_the_error_counters_up_and_the_port_health_down_until_it_stops()
      throws Exception {
    long before = get(GPU_PORT + "/Metrics").at("/PCIeErrors/CorrectableErrorCount").asLong();
    assertEquals("OK", get(GPU_PORT).at("/Status/Health").asText());
    String fault = inject("aer-storm", GPU_PORT);
    await(
        GPU_PORT + "/Metrics",
        m -> m.at("/PCIeErrors/CorrectableErrorCount").asLong() > before + 100,
        "correctable errors to climb");
    await(
        GPU_PORT,
        p -> p.at("/Status/Health").asText().equals("Warning"),
        "a link logging errors at 1000/s warns");
    assertEquals("Warning", get(SWITCH).at("/Status/HealthRollup").asText());
    clear(fault);
    await(
        GPU_PORT,
        p -> p.at("/Status/Health").asText().equals("OK"),
        "the counters stop climbing: OK again");
  }

  @Test
  void a_mailbox_timeout_makes_the_switch_critical_and_its_ports_unknown_then_recovers()
      throws Exception {
    String fault = inject("mrpc-timeout", SWITCH);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("Critical"), "switch critical");
    assertTrue(get(SWITCH).at("/Oem/GpuChassisAgent/ManagementFault").asText().contains("TIMEOUT"));
    JsonNode port = get(GPU_PORT);
    assertEquals("Warning", port.at("/Status/Health").asText(), "unknown is never OK");
    assertTrue(port.path("LinkStatus").isMissingNode(), "no stale link values");
    clear(fault);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("OK"), "switch answering again");
    await(GPU_PORT, p -> p.path("LinkStatus").asText().equals("LinkUp"), "port known again");
  }

  @Test
  void a_busy_switch_is_reported_and_recovers() throws Exception {
    String fault = inject("switch-busy", SWITCH);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("Critical"), "switch critical");
    assertTrue(get(SWITCH).at("/Oem/GpuChassisAgent/ManagementFault").asText().contains("BUSY"));
    clear(fault);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("OK"), "switch answering again");
  }

  @Test
  void an_i2c_nak_on_the_management_bus_is_reported_and_recovers() throws Exception {
    String fault = inject("i2c-nak", SWITCH);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("Critical"), "switch critical");
    assertTrue(get(SWITCH).at("/Oem/GpuChassisAgent/ManagementFault").asText().contains("NAK"));
    clear(fault);
    await(SWITCH, s -> s.at("/Status/Health").asText().equals("OK"), "switch answering again");
  }

  @Test
  void faults_on_things_they_cannot_affect_are_refused() throws Exception {
    HttpResponse<String> r =
        client.send(
            "POST",
            "/sim/v1/faults",
            ADMIN,
            "{\"kind\":\"link-down\",\"target\":\"" + SWITCH + "\"}");
    assertEquals(400, r.statusCode());
    r =
        client.send(
            "POST",
            "/sim/v1/faults",
            ADMIN,
            "{\"kind\":\"link-down\",\"target\":\"" + SWITCH + "/Ports/19\"}");
    assertEquals(400, r.statusCode(), "port 19 is not wired");
    r =
        client.send(
            "POST",
            "/sim/v1/faults",
            ADMIN,
            "{\"kind\":\"switch-busy\",\"target\":\"/redfish/v1/Fabrics/PCIe/Switches/SW9\"}");
    assertEquals(400, r.statusCode());
    assertTrue(agent.faults().orElseThrow().active().isEmpty());
  }

  private static void bind(String switchId, int port) throws Exception {
    agent
        .switches()
        .worker(switchId)
        .orElseThrow()
        .submit(
            driver -> {
              driver.bind(0, 1, port);
              return null;
            })
        .get();
  }

  private static String inject(String kind, String target) throws Exception {
    return client.injectFault(ADMIN, kind, target);
  }

  private static void clear(String location) throws Exception {
    assertEquals(204, client.send("DELETE", location, ADMIN, null).statusCode());
  }

  static JsonNode get(String uri) throws Exception {
    HttpResponse<String> r = client.get(uri, ADMIN);
    assertEquals(200, r.statusCode(), uri + ": " + r.body());
    return json(r);
  }

  /**
   * Waits, bounded, until {@code uri} satisfies {@code condition}: a few poll intervals plus the
   * fault's own time.
   */
  static void await(String uri, Predicate<JsonNode> condition, String what) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
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
