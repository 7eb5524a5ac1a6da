package io.gpuchassis.agent.redfish.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.board.NetworkAdapter;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.EthtoolModule;
import io.gpuchassis.agent.ethernet.LldpNeighbors;
import io.gpuchassis.agent.ethernet.NicDriver;
import io.gpuchassis.agent.ethernet.PortInventory;
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

/**
 * A data-path port's inventory in DMTF's properties: the module as SFP, its diagnostics as
 * Transceivers, the LLDP partner as Ethernet.LLDPReceive, the firmware on the adapter; a module
 * below its low-alarm level makes the port and its adapter Warning.
 */
class DataPortInventoryTest {

  private static final DataPort PORT = new DataPort("NIC1", "1", "1", "eth0", "mlx5_0", 1, 100_000);
  private static final Instant AT = Instant.parse("2026-12-04T12:00:00Z");
  private static final PortStatus UP =
      new PortStatus(
          PORT,
          Optional.of(
              new PortReading(
                  AT,
                  Optional.of("up"),
                  Optional.of(true),
                  OptionalInt.of(100_000),
                  OptionalLong.of(1),
                  Map.of())),
          Optional.empty(),
          Set.of());

  private static final String SR4 =
      "\tIdentifier                                : 0x11 (QSFP28)\n"
          + "\tConnector                                 : 0x0c (MPO Parallel Optic)\n"
          + "\tTransceiver type                          : 100G Ethernet: 100G Base-SR4 or"
          + " 25GBase-SR\n"
          + "\tTransmitter technology                    : 0x00 (850 nm VCSEL)\n"
          + "\tVendor name                               : NVIDIA\n"
          + "\tVendor PN                                 : MMA1B00-C100D\n"
          + "\tVendor rev                                : B3\n"
          + "\tVendor SN                                 : MT2236FT01207\n"
          + "\tModule temperature                        : 35.50 degrees C / 95.90 degrees F\n"
          + "\tModule voltage                            : 3.2910 V\n"
          + "\tLaser tx bias current (Channel 1)         : 6.750 mA\n"
          + "\tLaser tx bias current (Channel 2)         : 6.820 mA\n"
          + "\tTransmit avg optical power (Channel 1)    : 0.8000 mW / -0.97 dBm\n"
          + "\tTransmit avg optical power (Channel 2)    : 0.7943 mW / -1.00 dBm\n"
          + "\tRcvr signal avg optical power(Channel 1)  : 0.7079 mW / -1.50 dBm\n"
          + "\tRcvr signal avg optical power(Channel 2)  : %s mW / -3.00 dBm\n"
          + "\tLaser rx power low alarm threshold        : 0.0363 mW / -14.40 dBm\n";

  private static final String LLDP =
      "{\"lldp\": [{\"interface\": [{\"name\": \"eth0\", \"via\": \"LLDP\", \"chassis\": [{\"id\":"
          + " [{\"type\": \"mac\", \"value\": \"1c:34:da:5e:00:01\"}], \"name\": [{\"value\":"
          + " \"tor-a17\"}], \"descr\": [{\"value\": \"Cumulus Linux\"}], \"mgmt-ip\": [{\"value\":"
          + " \"192.0.2.17\"}, {\"value\": \"2001:db8::17\"}], \"capability\": [{\"type\":"
          + " \"Bridge\", \"enabled\": true}, {\"type\": \"Router\", \"enabled\": true},"
          + " {\"type\": \"SVLAN\", \"enabled\": false}]}], \"port\": [{\"id\": [{\"type\":"
          + " \"ifname\", \"value\": \"swp1\"}]}]}]}]}";

  static PortInventory inventory(String rxPowerChannel2) {
    return new PortInventory(
        PORT,
        EthtoolModule.parse(String.format(SR4, rxPowerChannel2)),
        NicDriver.parse("driver: mlx5_core\nfirmware-version: 22.39.1002 (MT_0000000359)\n"),
        Optional.of(Optional.ofNullable(LldpNeighbors.parse(LLDP).get("eth0"))),
        Optional.of(AT));
  }

  @Test
  void the_port_shows_its_module_and_lldp_partner() {
    JsonNode port =
        tree(
            DataPortResource.render(
                "C", UP, OptionalInt.of(4), inventory("0.5012"), java.util.Optional.empty()));
    JsonNode sfp = port.get("SFP");
    assertEquals("QSFP28", sfp.get("Type").asText());
    assertEquals("FiberOptic", sfp.get("MediumType").asText());
    assertEquals("MultiMode", sfp.get("FiberConnectionType").asText());
    assertEquals("NVIDIA", sfp.get("Manufacturer").asText());
    assertEquals("MMA1B00-C100D", sfp.get("PartNumber").asText());
    assertEquals("MT2236FT01207", sfp.get("SerialNumber").asText());
    assertEquals("B3", sfp.get("Version").asText());
    assertEquals("OK", sfp.at("/Status/Health").asText());
    assertEquals("OK", port.at("/Status/Health").asText());
    JsonNode lldp = port.at("/Ethernet/LLDPReceive");
    assertEquals(true, port.at("/Ethernet/LLDPEnabled").asBoolean());
    assertEquals("1c:34:da:5e:00:01", lldp.get("ChassisId").asText());
    assertEquals("MacAddr", lldp.get("ChassisIdSubtype").asText());
    // DMTF's PortId is the TLV's octets: the name's bytes
    assertEquals("73:77:70:31", lldp.get("PortId").asText());
    assertEquals("IfName", lldp.get("PortIdSubtype").asText());
    assertEquals("tor-a17", lldp.get("SystemName").asText());
    assertEquals("Cumulus Linux", lldp.get("SystemDescription").asText());
    assertEquals("192.0.2.17", lldp.get("ManagementAddressIPv4").asText());
    assertEquals("2001:db8::17", lldp.get("ManagementAddressIPv6").asText());
    // SVLAN has no DMTF value
    assertEquals("[\"Bridge\",\"Router\"]", lldp.get("SystemCapabilities").toString());
    assertNull(lldp.get("ManagementVlanId"), "lldpd decodes no management VLAN");
  }

  @Test
  void metrics_sum_the_lanes_and_list_each() {
    JsonNode m = tree(DataPortMetrics.render("C", UP, inventory("0.5012")));
    JsonNode t = m.at("/Transceivers/0");
    assertEquals(0.7079 + 0.5012, t.get("RXInputPowerMilliWatts").asDouble(), 1e-9);
    assertEquals(13.57, t.get("TXBiasCurrentMilliAmps").asDouble(), 1e-9);
    assertEquals(1.5943, t.get("TXOutputPowerMilliWatts").asDouble(), 1e-9);
    assertEquals(3.291, t.get("SupplyVoltage").asDouble());
    assertEquals(2, t.get("ByLane").size());
    assertEquals(2, t.at("/ByLane/1/LaneId").asInt());
    assertEquals(0.5012, t.at("/ByLane/1/RXInputPowerMilliWatts").asDouble());
  }

  @Test
  void a_lane_below_the_low_alarm_makes_the_port_and_adapter_warn() {
    PortInventory dark = inventory("0.0200");
    JsonNode port =
        tree(DataPortResource.render("C", UP, OptionalInt.of(4), dark, java.util.Optional.empty()));
    assertEquals("Warning", port.at("/SFP/Status/Health").asText());
    assertEquals("Warning", port.at("/Status/Health").asText());
    NetworkAdapter nic =
        new NetworkAdapter(
            "NIC1",
            Optional.of("NVIDIA"),
            Optional.empty(),
            List.of(new NetworkAdapter.Port("1", "eth0", "mlx5_0", 1, 100, OptionalInt.of(4))));
    JsonNode adapter =
        tree(NetworkAdapterResource.render("C", nic, List.of(UP), List.of(dark), false));
    assertEquals("Warning", adapter.at("/Status/Health").asText());
    assertEquals(
        "22.39.1002 (MT_0000000359)", adapter.at("/Controllers/0/FirmwarePackageVersion").asText());
    JsonNode healthy =
        tree(
            NetworkAdapterResource.render(
                "C", nic, List.of(UP), List.of(inventory("0.5012")), false));
    assertEquals("OK", healthy.at("/Status/Health").asText());
  }

  @Test
  void nothing_read_leaves_the_properties_out() {
    PortInventory unread = PortInventory.unread(PORT);
    JsonNode port =
        tree(
            DataPortResource.render(
                "C", UP, OptionalInt.of(4), unread, java.util.Optional.empty()));
    assertNull(port.get("SFP"));
    assertNull(port.get("Ethernet"), "no lldpd: no LLDP properties, no error");
    assertNull(tree(DataPortMetrics.render("C", UP, unread)).get("Transceivers"));
    PortInventory noPartner =
        new PortInventory(
            PORT,
            Optional.empty(),
            Optional.empty(),
            Optional.of(Optional.empty()),
            Optional.of(AT));
    assertNull(
        tree(DataPortResource.render(
                "C", UP, OptionalInt.of(4), noPartner, java.util.Optional.empty()))
            .get("Ethernet"));
    assertFalse(DataPortInventory.lowRxPower(unread));
  }

  @Test
  void port_ids_are_spelled_as_dmtf_asks() {
    assertEquals("1C:34:DA:5E:00:01", DataPortInventory.octets("mac", "1c:34:da:5e:00:01"));
    assertEquals("65:74:68:30", DataPortInventory.octets("ifname", "eth0"));
    assertEquals("01:C0:00:02:11", DataPortInventory.octets("ip", "192.0.2.17"));
    assertEquals(
        "02:20:01:0D:B8:00:00:00:00:00:00:00:00:00:00:00:17",
        DataPortInventory.octets("ip", "2001:db8::17"));
    assertNull(DataPortInventory.octets("ip", "switch.example.net"), "no lookup");
    assertNull(DataPortInventory.octets("unhandled", "01:02"));
    assertNull(DataPortInventory.octets("local", "x".repeat(65)));
  }

  private static JsonNode tree(Object body) {
    return RedfishResponses.tree(body);
  }
}
