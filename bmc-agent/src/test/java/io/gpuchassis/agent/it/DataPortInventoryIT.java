package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.DataPortSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data-path ports' inventory on the simulated reference chassis, through HTTPS: each port's
 * QSFP28 optic (SFP) and its diagnostics (PortMetrics Transceivers), the top-of-rack switch lldpd
 * hears (LLDPReceive), the NIC's firmware on the NetworkAdapter and in the FirmwareInventory, and
 * an optic losing its light ({@code ethernet-optics-low-rx-power}) turning the port Warning until
 * cleared. The inventory is read every 500 ms here, the samples every second.
 */
class DataPortInventoryIT {

  static final String NIC = "/redfish/v1/Chassis/GPUChassis/NetworkAdapters/NIC1";
  static final String PORT1 = NIC + "/Ports/1";
  static final String PORT2 = NIC + "/Ports/2";
  static final String NIC_FIRMWARE =
      "/redfish/v1/UpdateService/FirmwareInventory/NetworkAdapter-NIC1";

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent =
        TestAgent.start(
            stateDir,
            c ->
                c.withDataPorts(
                    new DataPortSettings(Duration.ofSeconds(1), Duration.ofMillis(500))));
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void each_port_shows_its_optic_and_its_switch_port() throws Exception {
    JsonNode port1 = RedfishAwait.await(agent, PORT1, p -> p.has("SFP"));
    JsonNode sfp = port1.get("SFP");
    assertEquals("QSFP28", sfp.get("Type").asText(), sfp.toString());
    assertEquals("FiberOptic", sfp.get("MediumType").asText());
    assertEquals("MultiMode", sfp.get("FiberConnectionType").asText());
    assertEquals("NVIDIA", sfp.get("Manufacturer").asText());
    assertEquals("MMA1B00-C100D", sfp.get("PartNumber").asText());
    assertEquals("MT2236FT01207", sfp.get("SerialNumber").asText());
    assertEquals("OK", sfp.at("/Status/Health").asText());
    JsonNode lldp = port1.at("/Ethernet/LLDPReceive");
    assertTrue(port1.at("/Ethernet/LLDPEnabled").asBoolean(), port1.toString());
    assertEquals("1c:34:da:5e:00:01", lldp.get("ChassisId").asText());
    assertEquals("MacAddr", lldp.get("ChassisIdSubtype").asText());
    assertEquals("73:77:70:31", lldp.get("PortId").asText(), "swp1's octets");
    assertEquals("IfName", lldp.get("PortIdSubtype").asText());
    assertEquals("tor-a17.example.net", lldp.get("SystemName").asText());
    assertEquals("192.0.2.17", lldp.get("ManagementAddressIPv4").asText());
    assertEquals("[\"Bridge\",\"Router\"]", lldp.get("SystemCapabilities").toString());
    JsonNode port2 = RedfishAwait.await(agent, PORT2, p -> p.has("Ethernet"));
    assertEquals("73:77:70:32", port2.at("/Ethernet/LLDPReceive/PortId").asText());
    assertEquals("MT2236FT01208", port2.at("/SFP/SerialNumber").asText());
  }

  @Test
  void port_metrics_carry_the_optics_diagnostics() throws Exception {
    JsonNode metrics = RedfishAwait.await(agent, PORT1 + "/Metrics", m -> m.has("Transceivers"));
    JsonNode t = metrics.at("/Transceivers/0");
    // the four lanes of the simulated optic: 0.7079 + 0.6918 + 0.7244 + 0.6761 mW
    assertEquals(2.8002, t.get("RXInputPowerMilliWatts").asDouble(), 1e-9, t.toString());
    assertEquals(3.291, t.get("SupplyVoltage").asDouble());
    assertEquals(4, t.get("ByLane").size());
    assertEquals(6.75, t.at("/ByLane/0/TXBiasCurrentMilliAmps").asDouble());
    assertEquals(0.8, t.at("/ByLane/0/TXOutputPowerMilliWatts").asDouble());
  }

  @Test
  void the_nic_firmware_is_on_the_adapter_and_in_the_firmware_inventory() throws Exception {
    JsonNode nic =
        RedfishAwait.await(agent, NIC, n -> n.at("/Controllers/0").has("FirmwarePackageVersion"));
    assertEquals(
        "22.39.1002 (MT_0000000359)", nic.at("/Controllers/0/FirmwarePackageVersion").asText());
    JsonNode inventory = RedfishAwait.read(agent, "/redfish/v1/UpdateService/FirmwareInventory");
    assertTrue(
        inventory.get("Members").findValuesAsText("@odata.id").contains(NIC_FIRMWARE),
        inventory.toString());
    JsonNode entry = RedfishAwait.await(agent, NIC_FIRMWARE, e -> e.has("Version"));
    assertEquals("22.39.1002 (MT_0000000359)", entry.get("Version").asText());
    assertFalse(entry.get("Updateable").asBoolean());
    assertEquals("NVIDIA", entry.get("Manufacturer").asText());
    assertEquals(NIC, entry.at("/RelatedItem/0/@odata.id").asText());
    assertEquals("Enabled", entry.at("/Status/State").asText());
    assertEquals(
        404,
        agent
            .client
            .get(
                "/redfish/v1/UpdateService/FirmwareInventory/NetworkAdapter-NIC9", TestAgent.READER)
            .statusCode(),
        "no such adapter");
  }

  @Test
  void an_optic_losing_its_light_warns_until_cleared() throws Exception {
    RedfishAwait.await(agent, PORT2, p -> p.at("/SFP/Status/Health").asText().equals("OK"));
    RedfishAwait.await(agent, PORT2, p -> p.at("/Status/Health").asText().equals("OK"));
    String fault = agent.client.injectFault(TestAgent.ADMIN, "ethernet-optics-low-rx-power", PORT2);
    boolean cleared = false;
    try {
      var twice =
          agent.client.send(
              "POST",
              "/sim/v1/faults",
              TestAgent.ADMIN,
              "{\"kind\": \"ethernet-optics-low-rx-power\", \"target\": \"" + PORT2 + "\"}");
      assertEquals(400, twice.statusCode(), "one dark optic a port: " + twice.body());
      JsonNode dark =
          RedfishAwait.await(agent, PORT2, p -> p.at("/Status/Health").asText().equals("Warning"));
      assertEquals("Warning", dark.at("/SFP/Status/Health").asText(), dark.toString());
      assertEquals("Warning", RedfishAwait.read(agent, NIC).at("/Status/Health").asText());
      JsonNode metrics =
          RedfishAwait.await(
              agent,
              PORT2 + "/Metrics",
              m -> m.at("/Transceivers/0/RXInputPowerMilliWatts").asDouble() < 0.1);
      assertEquals(0.02, metrics.at("/Transceivers/0/ByLane/0/RXInputPowerMilliWatts").asDouble());
      assertEquals(
          "OK",
          RedfishAwait.read(agent, PORT1).at("/Status/Health").asText(),
          "the other port keeps its light");

      assertEquals(204, agent.client.send("DELETE", fault, TestAgent.ADMIN, null).statusCode());
      cleared = true;
      JsonNode restored =
          RedfishAwait.await(agent, PORT2, p -> p.at("/Status/Health").asText().equals("OK"));
      assertEquals("OK", restored.at("/SFP/Status/Health").asText());
    } finally {
      if (!cleared) {
        agent.client.send("DELETE", fault, TestAgent.ADMIN, null);
      }
    }
  }
}
