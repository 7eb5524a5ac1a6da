package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.DataPortSettings;
import io.gpuchassis.agent.config.RoundTripSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The round-trip probe of the simulated reference chassis's ports through HTTPS: port 1 pings its
 * simulated peer over IPv4, port 2 over IPv6, every second; {@code ethernet-added-latency} on port
 * 1 raises the threshold and a Warning within a probe period, and deleting it clears both.
 */
class RoundTripIT {

  static final String NIC = "/redfish/v1/Chassis/GPUChassis/NetworkAdapters/NIC1";
  static final String PORT1 = NIC + "/Ports/1";
  static final String PORT2 = NIC + "/Ports/2";

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withDataPorts(
                    new DataPortSettings(Duration.ofMillis(500))
                        .withRoundTrip(
                            new RoundTripSettings(
                                Map.of("NIC1/1", "192.0.2.1", "NIC1/2", "2001:db8::2"),
                                Duration.ofSeconds(1),
                                3,
                                100))));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void each_ports_metrics_show_its_round_trip_to_its_peer() throws Exception {
    for (String[] port : new String[][] {{PORT1, "192.0.2.1"}, {PORT2, "2001:db8::2"}}) {
      JsonNode trip =
          RedfishAwait.await(
                  agent,
                  port[0] + "/Metrics",
                  m -> m.at("/Oem/GpuChassisAgent/RoundTrip/LastProbed").isTextual())
              .at("/Oem/GpuChassisAgent/RoundTrip");
      assertEquals(port[1], trip.get("Peer").asText(), trip.toString());
      long avg = trip.get("AverageMicroseconds").asLong();
      assertTrue(avg >= 18 && avg <= 25, trip.toString());
      assertTrue(trip.get("MinMicroseconds").asLong() <= avg);
      assertTrue(trip.get("MaxMicroseconds").asLong() >= avg);
      assertTrue(trip.has("DeviationMicroseconds"), trip.toString());
      assertEquals(0.0, trip.get("LossPercent").asDouble());
      assertEquals(100, trip.get("ThresholdMicroseconds").asLong());
    }
    // the body with its RoundTrip, against DMTF's PortMetrics and the agent's OEM schema
    var validator = io.gpuchassis.agent.conformance.RedfishSchemaValidator.locate();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        validator.isPresent(), "DMTF JSON schemas not found: schema check skipped");
    JsonNode metrics = RedfishAwait.read(agent, PORT1 + "/Metrics");
    assertEquals(java.util.List.of(), validator.get().validate(metrics), metrics.toString());
  }

  @Test
  void added_latency_is_raised_as_a_warning_and_cleared_once_deleted() throws Exception {
    RedfishAwait.await(
        agent,
        PORT1 + "/Metrics",
        m -> m.at("/Oem/GpuChassisAgent/RoundTrip/LastProbed").isTextual());
    assertEquals(
        "OK",
        RedfishAwait.await(agent, PORT1, p -> p.at("/Status/Health").isTextual())
            .at("/Status/Health")
            .asText());
    try (SseReader events = RedfishAwait.streamAbout(agent, PORT1)) {
      String fault = agent.client.injectFault(TestAgent.ADMIN, "ethernet-added-latency", PORT1);
      try {
        JsonNode raised =
            RedfishAwait.awaitResourceEvent(events, ".ResourceWarningThresholdExceeded");
        assertEquals(
            "AverageMicroseconds", raised.at("/MessageArgs/0").asText(), raised.toString());
        assertEquals("100", raised.at("/MessageArgs/1").asText());
        assertEquals(PORT1, raised.at("/OriginOfCondition/@odata.id").asText());
        // told once the views show it
        assertEquals("Warning", RedfishAwait.read(agent, PORT1).at("/Status/Health").asText());
        long avg =
            RedfishAwait.read(agent, PORT1 + "/Metrics")
                .at("/Oem/GpuChassisAgent/RoundTrip/AverageMicroseconds")
                .asLong();
        assertTrue(avg >= 268, "the 250 µs added: " + avg);
        assertEquals(
            "OK",
            RedfishAwait.read(agent, PORT2).at("/Status/Health").asText(),
            "the other port is fine");
      } finally {
        agent.client.send("DELETE", fault, TestAgent.ADMIN, null);
      }
      JsonNode cleared =
          RedfishAwait.awaitResourceEvent(events, ".ResourceWarningThresholdCleared");
      assertEquals("AverageMicroseconds", cleared.at("/MessageArgs/0").asText());
      assertEquals("OK", RedfishAwait.read(agent, PORT1).at("/Status/Health").asText());
    }
    assertFalse(
        RedfishAwait.read(agent, PORT1 + "/Metrics")
                .at("/Oem/GpuChassisAgent/RoundTrip/AverageMicroseconds")
                .asLong()
            > 100);
  }

  @Test
  void a_peer_for_a_port_the_board_does_not_have_stops_the_start(@TempDir Path otherState) {
    var e =
        org.junit.jupiter.api.Assertions.assertThrows(
            io.gpuchassis.agent.config.ConfigException.class,
            () ->
                TestAgent.start(
                    otherState,
                    c ->
                        c.withDataPorts(
                            DataPortSettings.DEFAULT.withRoundTrip(
                                new RoundTripSettings(
                                    Map.of("NIC2/1", "192.0.2.1"),
                                    Duration.ofSeconds(1),
                                    3,
                                    100)))));
    assertEquals(
        "dataPorts.roundTrip.peers: NIC2/1 is not a data-path port of the board (it has NIC1/1,"
            + " NIC1/2)",
        e.getMessage());
  }
}
