package io.gpuchassis.agent.redfish.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.ethernet.CounterKey;
import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortCondition;
import io.gpuchassis.agent.ethernet.PortRates;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.redfish.http.RedfishResponses;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A data-path port's Port and PortMetrics rendered from its status. */
class DataPortResourceTest {

  private static final DataPort PORT =
      new DataPort("NIC1", "1", "1", "enp65s0f0np0", "mlx5_0", 1, 100_000);

  private static final PortReading UP_AT_25 =
      new PortReading(
          Instant.parse("2026-12-04T12:00:05Z"),
          Optional.of("up"),
          Optional.of(true),
          OptionalInt.of(25_000),
          OptionalLong.of(2),
          Map.of(
              new CounterKey(CounterSource.NETDEV, "rx_packets"), 1000L,
              new CounterKey(CounterSource.ETHTOOL, "rx_prio3_pause"), 70L,
              new CounterKey(CounterSource.ETHTOOL, "rx_prio4_pause"), 5L,
              new CounterKey(CounterSource.RDMA_HW, "np_cnp_sent"), 9L));

  @Test
  void an_unread_port_shows_what_the_board_says_and_no_health() {
    JsonNode port =
        tree(DataPortResource.render("C", PortStatus.unread(PORT), OptionalInt.empty()));
    assertEquals("Ethernet", port.get("LinkNetworkTechnology").asText());
    assertEquals("Ethernet", port.get("PortProtocol").asText());
    assertEquals("BidirectionalPort", port.get("PortType").asText());
    assertNull(port.get("Width"), "no lanes in the board file");
    assertEquals(100.0, port.get("MaxSpeedGbps").asDouble());
    assertNull(port.get("LinkStatus"));
    assertNull(port.at("/Status").get("Health"));
  }

  @Test
  void a_slow_link_is_up_at_its_speed_and_warns() {
    PortStatus status =
        new PortStatus(
            PORT, Optional.of(UP_AT_25), Optional.empty(), Set.of(PortCondition.SPEED_LOW));
    JsonNode port = tree(DataPortResource.render("C", status, OptionalInt.of(4)));
    assertEquals(
        "/redfish/v1/Chassis/C/NetworkAdapters/NIC1/Ports/1", port.get("@odata.id").asText());
    assertEquals("LinkUp", port.get("LinkStatus").asText());
    assertEquals(25.0, port.get("CurrentSpeedGbps").asDouble());
    assertEquals(2, port.get("LinkTransitionIndicator").asInt());
    assertEquals(4, port.get("Width").asInt());
    assertEquals("Warning", port.at("/Status/Health").asText());
  }

  @Test
  void metrics_sum_pfc_over_priorities_and_leave_out_what_was_not_read() {
    PortRates period =
        new PortRates(
            UP_AT_25,
            Duration.ofSeconds(5),
            Map.of(new CounterKey(CounterSource.ETHTOOL, "rx_prio3_pause"), 50L),
            0);
    JsonNode metrics =
        tree(
            DataPortMetrics.render(
                "C", new PortStatus(PORT, Optional.of(UP_AT_25), Optional.of(period), Set.of())));
    assertEquals(1000, metrics.at("/Networking/RXFrames").asLong());
    assertEquals(75, metrics.at("/Networking/RXPFCFrames").asLong());
    assertNull(metrics.at("/Networking").get("TXPFCFrames"), "no tx pause counter read");
    assertNull(metrics.get("RXBytes"), "no rx_bytes read");
    assertEquals(9, metrics.at("/Oem/GpuChassisAgent/CNPSent").asLong());
    assertEquals(
        10.0, metrics.at("/Oem/GpuChassisAgent/LastPeriod/RXPFCFramesPerSecond").asDouble());
    assertEquals(
        "#GpuChassisAgent.v1_0_0.PortMetrics",
        metrics.at("/Oem/GpuChassisAgent/@odata.type").asText());
  }

  @Test
  void a_round_trip_without_reply_shows_its_loss_and_warns_the_port() {
    io.gpuchassis.agent.ethernet.RoundTrip lost =
        new io.gpuchassis.agent.ethernet.RoundTrip(
            PORT,
            "2001:db8::1",
            100,
            Optional.of(io.gpuchassis.agent.ethernet.PingSummary.noReply(5)),
            Optional.of(Instant.parse("2026-12-04T12:00:07Z")),
            Set.of(io.gpuchassis.agent.ethernet.RoundTrip.Condition.LOSS));
    PortStatus fine = new PortStatus(PORT, Optional.of(UP_AT_25), Optional.empty(), Set.of());
    JsonNode trip =
        tree(DataPortMetrics.render(
                "C",
                fine,
                io.gpuchassis.agent.ethernet.PortInventory.unread(PORT),
                Optional.of(lost)))
            .at("/Oem/GpuChassisAgent/RoundTrip");
    assertEquals(
        "{\"Peer\":\"2001:db8::1\",\"LossPercent\":100.0,"
            + "\"LastProbed\":\"2026-12-04T12:00:07Z\",\"ThresholdMicroseconds\":100}",
        trip.toString());
    JsonNode port =
        tree(
            DataPortResource.render(
                "C",
                fine,
                OptionalInt.empty(),
                io.gpuchassis.agent.ethernet.PortInventory.unread(PORT),
                Optional.empty(),
                Optional.of(lost)));
    assertEquals("Warning", port.at("/Status/Health").asText());
    assertEquals(
        "OK",
        tree(DataPortResource.render("C", fine, OptionalInt.empty())).at("/Status/Health").asText(),
        "the same reading without the probe");
  }

  private static JsonNode tree(Object body) {
    return RedfishResponses.tree(body);
  }
}
