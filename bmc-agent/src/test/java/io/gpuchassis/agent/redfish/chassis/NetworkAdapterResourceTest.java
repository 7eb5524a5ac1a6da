package io.gpuchassis.agent.redfish.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.ethernet.CounterKey;
import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortCondition;
import io.gpuchassis.agent.ethernet.PortReading;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.redfish.http.RedfishResponses;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A data-path NIC rendered from the board and its ports' statuses. */
class NetworkAdapterResourceTest {

  private static final NetworkAdapter NIC =
      new NetworkAdapter(
          "NIC1",
          Optional.of("NVIDIA"),
          Optional.empty(),
          List.of(
              new NetworkAdapter.Port("1", "eth0", "mlx5_0", 1, 100, OptionalInt.of(4)),
              new NetworkAdapter.Port("2", "eth1", "mlx5_1", 1, 100, OptionalInt.of(4))));
  private static final DataPort P1 = new DataPort("NIC1", "1", "1", "eth0", "mlx5_0", 1, 100_000);
  private static final DataPort P2 = new DataPort("NIC1", "2", "2", "eth1", "mlx5_1", 1, 100_000);

  @Test
  void before_any_reading_neither_health_nor_dcb_is_claimed() {
    JsonNode nic =
        tree(
            NetworkAdapterResource.render(
                "C", NIC, List.of(PortStatus.unread(P1), PortStatus.unread(P2))));
    assertEquals("NVIDIA", nic.get("Manufacturer").asText());
    assertFalse(nic.has("Model"));
    assertFalse(nic.at("/Status").has("Health"), nic.toString());
    JsonNode controller = nic.at("/Controllers/0");
    assertEquals(2, controller.at("/ControllerCapabilities/NetworkPortCount").asInt());
    assertFalse(controller.at("/ControllerCapabilities").has("DataCenterBridging"), nic.toString());
    assertEquals(
        "/redfish/v1/Chassis/C/NetworkAdapters/NIC1/Ports/2",
        controller.at("/Links/Ports/1/@odata.id").asText());
  }

  @Test
  void a_port_showing_pfc_counters_makes_it_dcb_capable_and_a_warning_port_warns() {
    PortReading pfc =
        new PortReading(
            Instant.EPOCH,
            Optional.of("up"),
            Optional.of(true),
            OptionalInt.of(100_000),
            OptionalLong.of(0),
            Map.of(new CounterKey(CounterSource.ETHTOOL, "tx_prio3_pause"), 1L));
    PortStatus ok = new PortStatus(P1, Optional.of(pfc), Optional.empty(), Set.of());
    PortStatus storm =
        new PortStatus(
            P2, Optional.of(pfc), Optional.empty(), Set.of(PortCondition.TX_PAUSE_STORM));
    JsonNode nic = tree(NetworkAdapterResource.render("C", NIC, List.of(ok, storm)));
    assertTrue(
        nic.at("/Controllers/0/ControllerCapabilities/DataCenterBridging/Capable").asBoolean());
    assertEquals("Warning", nic.at("/Status/Health").asText());
    assertEquals(
        "OK",
        tree(NetworkAdapterResource.render("C", NIC, List.of(ok))).at("/Status/Health").asText());
  }

  private static JsonNode tree(Object body) {
    return RedfishResponses.tree(body);
  }
}
