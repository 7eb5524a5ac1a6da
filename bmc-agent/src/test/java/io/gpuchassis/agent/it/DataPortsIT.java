package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.DataPortSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chassis's own 100 GbE ports on the simulated reference chassis, through HTTPS: listed as
 * NetworkAdapters with their Ports and PortMetrics, the counters those of the replayed trace, and
 * the port faults of {@code /sim/v1/faults} raising and clearing their events and health. The agent
 * samples every 500 ms here.
 */
class DataPortsIT {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";
  static final String NIC = CHASSIS + "/NetworkAdapters/NIC1";
  static final String PORT1 = NIC + "/Ports/1";
  static final String PORT2 = NIC + "/Ports/2";
  static final Duration PERIOD = Duration.ofMillis(500);

  /** Healthy traffic on the simulated port: 10 GB/s each way, 20 PFC frames a second received. */
  static final double HEALTHY_BYTES = 10e9;

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir, c -> c.withDataPorts(new DataPortSettings(PERIOD)));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void the_reference_chassis_lists_its_nic_and_two_100_gbe_ports() throws Exception {
    // the simulated ports' files are in the agent's state folder, not in /tmp
    assertTrue(
        java.nio.file.Files.isDirectory(stateDir.resolve("simulation/data-ports/sys/class/net")),
        "simulated sysfs below the state folder");
    JsonNode chassis = RedfishAwait.read(agent, CHASSIS);
    assertEquals(CHASSIS + "/NetworkAdapters", chassis.at("/NetworkAdapters/@odata.id").asText());
    JsonNode adapters = RedfishAwait.read(agent, CHASSIS + "/NetworkAdapters");
    assertEquals(NIC, adapters.at("/Members/0/@odata.id").asText(), adapters.toString());
    assertEquals(1, adapters.get("Members@odata.count").asInt());
    JsonNode nic = RedfishAwait.read(agent, NIC);
    assertEquals("NVIDIA", nic.get("Manufacturer").asText());
    assertEquals("ConnectX-6 Dx", nic.get("Model").asText());
    assertEquals(NIC + "/Ports", nic.at("/Ports/@odata.id").asText());
    JsonNode ports = RedfishAwait.read(agent, NIC + "/Ports");
    assertEquals(
        List.of(PORT1, PORT2),
        ports.get("Members").findValuesAsText("@odata.id"),
        ports.toString());
    JsonNode port =
        RedfishAwait.await(agent, PORT1, p -> p.at("/Status/Health").asText().equals("OK"));
    assertEquals("Ethernet", port.get("LinkNetworkTechnology").asText());
    assertEquals("LinkUp", port.get("LinkStatus").asText());
    assertEquals("Enabled", port.get("LinkState").asText());
    assertEquals(100.0, port.get("CurrentSpeedGbps").asDouble());
    assertEquals(100.0, port.get("MaxSpeedGbps").asDouble());
    assertEquals(PORT1 + "/Metrics", port.at("/Metrics/@odata.id").asText());
    assertEquals(4, port.get("Width").asInt());
    JsonNode gids = port.at("/Oem/GpuChassisAgent/RoCEGIDs");
    assertEquals(4, gids.size(), port.toString());
    assertEquals("RoCE v2", gids.get(3).get("Type").asText());
    assertEquals(3, gids.get(3).get("Index").asInt());
    // the PFC counters read from the port make the controller DCB-capable
    assertTrue(
        RedfishAwait.read(agent, NIC)
            .at("/Controllers/0/ControllerCapabilities/DataCenterBridging/Capable")
            .asBoolean());
  }

  @Test
  void port_metrics_count_what_the_trace_counts() throws Exception {
    JsonNode first = RedfishAwait.await(agent, PORT1 + "/Metrics", m -> m.has("Oem"));
    JsonNode later =
        RedfishAwait.await(
            agent,
            PORT1 + "/Metrics",
            m ->
                m.get("RXBytes").asLong() > first.get("RXBytes").asLong()
                    && period(m) != null
                    && period(m).get("RXPFCFramesPerSecond").asDouble() < 100);
    assertTrue(
        later.at("/Networking/RXFrames").asLong() > first.at("/Networking/RXFrames").asLong());
    assertTrue(later.at("/Networking/RXPFCFrames").asLong() > 0, later.toString());
    assertTrue(later.at("/Networking/RDMARXRequests").asLong() > 0, later.toString());
    JsonNode oem = later.at("/Oem/GpuChassisAgent");
    assertTrue(oem.get("ECNMarkedRoCEPackets").asLong() > 0, oem.toString());
    assertEquals(0, oem.get("OutOfSequencePackets").asLong());
    // a healthy link: its FEC corrects, nothing gets past it
    assertTrue(oem.has("FECCorrectedBits"), oem.toString());
    assertEquals(0, oem.get("FECUncorrectableSymbolErrors").asLong(), oem.toString());
    JsonNode rates = period(later);
    assertEquals(
        0.0, rates.get("FECUncorrectableSymbolErrorsPerSecond").asDouble(), rates.toString());
    assertClose(HEALTHY_BYTES, rates.get("RXBytesPerSecond").asDouble(), rates);
    assertClose(HEALTHY_BYTES, rates.get("TXBytesPerSecond").asDouble(), rates);
    assertClose(20, rates.get("RXPFCFramesPerSecond").asDouble(), rates);
  }

  @Test
  void a_pause_storm_raises_its_threshold_event_and_a_warning_until_cleared() throws Exception {
    try (SseReader events = RedfishAwait.streamAbout(agent, PORT1)) {
      String fault = agent.client.injectFault(TestAgent.ADMIN, "ethernet-pause-storm", PORT1);
      boolean clearedByTest = false;
      try {
        JsonNode raised = await(events, "ResourceEvent.", ".ResourceWarningThresholdExceeded");
        assertEquals("RXPFCFrames", raised.at("/MessageArgs/0").asText(), raised.toString());
        assertEquals(PORT1, raised.at("/OriginOfCondition/@odata.id").asText());
        assertEquals("Warning", RedfishAwait.read(agent, PORT1).at("/Status/Health").asText());
        assertEquals("Warning", RedfishAwait.read(agent, NIC).at("/Status/Health").asText());
        // a whole period inside the storm (6,000 frames a second; one that began before it counts
        // fewer): the traffic is a tenth
        JsonNode metrics =
            RedfishAwait.await(
                agent,
                PORT1 + "/Metrics",
                m -> period(m) != null && period(m).get("RXPFCFramesPerSecond").asDouble() >= 5990);
        assertClose(6000, period(metrics).get("RXPFCFramesPerSecond").asDouble(), metrics);
        assertClose(
            HEALTHY_BYTES / 10, period(metrics).get("RXBytesPerSecond").asDouble(), metrics);

        assertEquals(204, agent.client.send("DELETE", fault, TestAgent.ADMIN, null).statusCode());
        clearedByTest = true;
        JsonNode cleared = await(events, "ResourceEvent.", ".ResourceWarningThresholdCleared");
        assertEquals("RXPFCFrames", cleared.at("/MessageArgs/0").asText(), cleared.toString());
        assertEquals(PORT1, cleared.at("/OriginOfCondition/@odata.id").asText());
        assertEquals("OK", RedfishAwait.read(agent, PORT1).at("/Status/Health").asText());
      } finally {
        if (!clearedByTest) {
          agent.client.send("DELETE", fault, TestAgent.ADMIN, null);
        }
      }
    }
  }

  @Test
  void a_flapping_link_raises_link_flap_detected() throws Exception {
    try (SseReader events = RedfishAwait.streamAbout(agent, PORT2)) {
      String fault = agent.client.injectFault(TestAgent.ADMIN, "ethernet-link-flap", PORT2);
      try {
        JsonNode dropped = await(events, "NetworkDevice.", ".ConnectionDropped");
        assertEquals(List.of("NIC1", "2", "2"), args(dropped));
        JsonNode flap = await(events, "NetworkDevice.", ".LinkFlapDetected");
        assertEquals(PORT2, flap.at("/OriginOfCondition/@odata.id").asText());
        assertEquals("NIC1", flap.at("/MessageArgs/0").asText(), flap.toString());
        JsonNode port = RedfishAwait.read(agent, PORT2);
        assertEquals("Warning", port.at("/Status/Health").asText());
        assertTrue(port.get("LinkTransitionIndicator").asInt() >= 6, port.toString());
      } finally {
        agent.client.send("DELETE", fault, TestAgent.ADMIN, null);
      }
    }
  }

  @Test
  void a_port_fault_needs_a_data_path_port_and_one_at_a_time() throws Exception {
    var refused =
        agent.client.send(
            "POST",
            "/sim/v1/faults",
            TestAgent.ADMIN,
            "{\"kind\":\"ethernet-lossy-link\",\"target\":\"/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0\"}");
    assertEquals(400, refused.statusCode(), refused.body());
    assertTrue(refused.body().contains("a data-path port of this chassis"), refused.body());
    String slow = agent.client.injectFault(TestAgent.ADMIN, "ethernet-slow-link", PORT2);
    try {
      var second =
          agent.client.send(
              "POST",
              "/sim/v1/faults",
              TestAgent.ADMIN,
              "{\"kind\":\"ethernet-lossy-link\",\"target\":\"" + PORT2 + "\"}");
      assertEquals(400, second.statusCode(), second.body());
      assertTrue(second.body().contains("without another Ethernet fault"), second.body());
    } finally {
      assertEquals(204, agent.client.send("DELETE", slow, TestAgent.ADMIN, null).statusCode());
    }
  }

  static JsonNode period(JsonNode metrics) {
    return metrics.at("/Oem/GpuChassisAgent/LastPeriod").isMissingNode()
        ? null
        : metrics.at("/Oem/GpuChassisAgent/LastPeriod");
  }

  /** Within 10 %: the period is measured between two reads that each take some milliseconds. */
  static void assertClose(double expected, double actual, JsonNode context) {
    assertTrue(
        Math.abs(actual - expected) <= expected * 0.1,
        "expected about " + expected + ", got " + actual + " in " + context);
  }

  static List<String> args(JsonNode event) {
    return java.util.stream.StreamSupport.stream(event.get("MessageArgs").spliterator(), false)
        .map(JsonNode::asText)
        .toList();
  }

  /** The first event on the stream whose MessageId has this registry and key; others skipped. */
  static JsonNode await(SseReader reader, String registry, String key) throws Exception {
    return RedfishAwait.awaitEvent(
        reader, id -> id.startsWith(registry) && id.endsWith(key), registry + "*" + key);
  }
}
