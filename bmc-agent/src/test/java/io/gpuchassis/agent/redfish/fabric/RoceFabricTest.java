package io.gpuchassis.agent.redfish.fabric;

import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.EthernetHost;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.redfish.fabric.EndpointZoneResource.Fabric;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.model.AddressPool;
import io.gpuchassis.redfish.model.DurableNameFormat;
import io.gpuchassis.redfish.model.Endpoint;
import io.gpuchassis.redfish.model.EntityRole;
import io.gpuchassis.redfish.model.EntityType;
import io.gpuchassis.redfish.model.IPTransportDetails;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.Zone;
import io.gpuchassis.redfish.model.ZoneType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The RoCE fabric's views: an endpoint per Ethernet host (MAC, IP, RoCEv2 port, GID) and per GPU
 * behind an I/O engine, a zone per Ethernet host holding exactly its GPUs, the VLAN pool; and none
 * of it on a board without Ethernet hosts, while the PCIe fabric keeps its PCIe hosts only.
 */
class RoceFabricTest {

  private static final String ENDPOINTS = "/redfish/v1/Fabrics/RoCE/Endpoints";

  /**
   * The reference chassis with Host7 an Ethernet host on IPv4 (VLAN 100) and Host8 one on IPv6
   * (VLAN 120), and I/O engines in front of slots 1, 2 and 6.
   */
  static ChassisState ethernet() {
    ChassisState s = healthy();
    List<HostPort> hosts = new ArrayList<>();
    for (HostPort h : s.hosts()) {
      if (h.id().equals("Host7")) {
        hosts.add(
            HostPort.overEthernet(
                "Host7",
                new EthernetHost(
                    "0x8cdf9d5301a1", "52:54:00:00:01:a1", "10.1.0.21", OptionalInt.of(100))));
      } else if (h.id().equals("Host8")) {
        hosts.add(
            HostPort.overEthernet(
                "Host8",
                new EthernetHost(
                    "0x8cdf9d5301a2", "52:54:00:00:01:a2", "FD00::22", OptionalInt.of(120))));
      } else {
        hosts.add(h);
      }
    }
    List<Slot> slots = new ArrayList<>();
    for (Slot slot : s.slots()) {
      boolean engine = List.of(1, 2, 6).contains(slot.number());
      slots.add(
          new Slot(
              slot.number(),
              slot.switchId(),
              slot.port(),
              slot.lanes(),
              slot.pcieGeneration(),
              slot.gpu(),
              engine
                  ? Optional.of(String.format("0x8cdf9d5300%02x", slot.number()))
                  : Optional.empty()));
    }
    return new ChassisState(
        s.generation(),
        s.identity(),
        s.switches(),
        s.interSwitchLinks(),
        hosts,
        slots,
        s.fans(),
        s.powerSupplies(),
        s.programmableParts(),
        s.temperatureSensors(),
        s.switchObservations(),
        Map.of());
  }

  /**
   * {@link #ethernet()} with slot 1 bound to Host7, slot 2 binding to it, slot 3 bound to Host1.
   */
  static ChassisState composed() {
    return ethernet()
        .withBinding(binding(1, SlotBinding.State.BOUND, "Host7"))
        .withBinding(binding(2, SlotBinding.State.BINDING, "Host7"))
        .withBinding(binding(3, SlotBinding.State.BOUND, "Host1"));
  }

  private static EndpointZoneResource roce(ChassisState state) {
    return new EndpointZoneResource(
        Fabric.ROCE, new ChassisModel(state), null, null, java.time.Duration.ZERO, null, null);
  }

  private static EndpointZoneResource pcie(ChassisState state) {
    return new EndpointZoneResource(
        new ChassisModel(state), null, null, java.time.Duration.ZERO, null, null);
  }

  @Test
  void the_endpoints_are_the_ethernet_hosts_then_the_gpus_behind_io_engines() {
    ChassisState s = ethernet();
    ResourceCollection c = (ResourceCollection) roce(s).renderEndpoints(s);

    assertEquals(ENDPOINTS, c.getAtOdataId());
    assertEquals(
        List.of(
            ENDPOINTS + "/Host7",
            ENDPOINTS + "/Host8",
            ENDPOINTS + "/GPU-Slot1",
            ENDPOINTS + "/GPU-Slot2",
            ENDPOINTS + "/GPU-Slot6"),
        ids(c.getMembers()));
  }

  @Test
  void an_ethernet_host_endpoint_carries_its_mac_ip_rocev2_port_gid_and_vlan() {
    Endpoint e = roce(ethernet()).endpoint(Map.of("EndpointId", "Host7"));

    assertEquals(Protocol.RO_CEV2, e.getEndpointProtocol());
    assertEquals(EntityRole.INITIATOR, e.getConnectedEntities().get(0).getEntityRole());
    assertEquals(EntityType.ROOT_COMPLEX, e.getConnectedEntities().get(0).getEntityType());
    assertEquals(
        "/redfish/v1/Systems/Host7",
        e.getConnectedEntities().get(0).getEntityLink().getAtOdataId());
    assertEquals("52:54:00:00:01:a1", e.getIdentifiers().get(0).getDurableName());
    assertEquals(DurableNameFormat.MAC_ADDRESS, e.getIdentifiers().get(0).getDurableNameFormat());
    IPTransportDetails t = e.getIpTransportDetails().get(0);
    assertEquals(Protocol.RO_CEV2, t.getTransportProtocol());
    assertEquals("10.1.0.21", t.getIpv4Address().getAddress());
    assertNull(t.getIpv6Address());
    assertEquals(4791, t.getPort());
    assertEquals(
        Map.of(
            "GpuChassisAgent",
            Map.of(
                "@odata.type",
                "#GpuChassisAgent.v1_0_0.Endpoint",
                "GID",
                "::ffff:10.1.0.21",
                "VLAN",
                100)),
        e.getOem());
    assertEquals(List.of("/redfish/v1/Fabrics/RoCE/Zones/Host7"), ids(e.getLinks().getZones()));
    assertEquals(
        List.of("/redfish/v1/Fabrics/RoCE/AddressPools/VLANGroups"),
        ids(e.getLinks().getAddressPools()));
  }

  @Test
  void an_ipv6_host_has_its_address_as_gid() {
    Endpoint e = roce(ethernet()).endpoint(Map.of("EndpointId", "Host8"));

    IPTransportDetails t = e.getIpTransportDetails().get(0);
    assertNull(t.getIpv4Address());
    assertEquals("FD00::22", t.getIpv6Address().getAddress());
    assertEquals("fd00::22", ((Map<?, ?>) e.getOem().get("GpuChassisAgent")).get("GID"));
  }

  @Test
  void a_gpu_endpoint_is_a_target_on_its_processor_in_its_ethernet_host_s_zone_once_bound() {
    EndpointZoneResource r = roce(composed());

    Endpoint bound = r.endpoint(Map.of("EndpointId", "GPU-Slot1"));
    assertEquals(Protocol.RO_CEV2, bound.getEndpointProtocol());
    assertEquals(EntityRole.TARGET, bound.getConnectedEntities().get(0).getEntityRole());
    assertEquals(EntityType.PROCESSOR, bound.getConnectedEntities().get(0).getEntityType());
    assertEquals(
        io.gpuchassis.agent.uri.Uris.gpuProcessor(1),
        bound.getConnectedEntities().get(0).getEntityLink().getAtOdataId());
    assertEquals(List.of("/redfish/v1/Fabrics/RoCE/Zones/Host7"), ids(bound.getLinks().getZones()));
    assertNull(bound.getLinks().getPorts(), "no switch port on the Ethernet fabric");
    assertNull(r.endpoint(Map.of("EndpointId", "GPU-Slot2")).getLinks().getZones(), "binding");

    // Slot 3 has no I/O engine: not on this fabric; and a PCIe host is not either
    assertThrows(RedfishException.class, () -> r.endpoint(Map.of("EndpointId", "GPU-Slot3")));
    assertThrows(RedfishException.class, () -> r.endpoint(Map.of("EndpointId", "Host1")));
  }

  @Test
  void there_is_a_zone_per_ethernet_host_with_the_host_and_its_bound_gpus() {
    ChassisState s = composed();
    EndpointZoneResource r = roce(s);

    assertEquals(
        List.of("/redfish/v1/Fabrics/RoCE/Zones/Host7", "/redfish/v1/Fabrics/RoCE/Zones/Host8"),
        ids(((ResourceCollection) r.renderZones(s)).getMembers()));
    HostPort host7 = s.hosts().stream().filter(h -> h.id().equals("Host7")).findFirst().get();
    Zone z = r.render(s, host7);
    assertEquals("/redfish/v1/Fabrics/RoCE/Zones/Host7", z.getAtOdataId());
    assertEquals(ZoneType.ZONE_OF_ENDPOINTS, z.getZoneType());
    assertEquals(
        List.of(ENDPOINTS + "/Host7", ENDPOINTS + "/GPU-Slot1"), ids(z.getLinks().getEndpoints()));
    assertEquals(
        "/redfish/v1/Fabrics/RoCE/Zones/Host7/Actions/Zone.AddEndpoint",
        z.getActions().getHashZoneAddEndpoint().getTarget());
  }

  @Test
  void the_pcie_fabric_keeps_its_pcie_hosts_and_links_no_zone_of_an_ethernet_host() {
    ChassisState s = composed();
    List<String> members = ids(((ResourceCollection) pcie(s).renderEndpoints(s)).getMembers());

    assertEquals(false, members.contains("/redfish/v1/Fabrics/PCIe/Endpoints/Host7"));
    assertNull(
        pcie(s).endpoint(Map.of("EndpointId", "GPU-Slot1")).getLinks().getZones(),
        "slot 1 is in Host7's RoCE zone, not in a PCIe one");
  }

  @Test
  void without_ethernet_hosts_there_is_no_roce_fabric() {
    RedfishException e =
        assertThrows(
            RedfishException.class, () -> roce(healthy()).endpoint(Map.of("EndpointId", "Host7")));
    assertEquals(404, e.status());
    assertEquals(false, FabricResource.hasEthernetHosts(healthy()));
    assertEquals(true, FabricResource.hasEthernetHosts(ethernet()));
  }

  @Test
  void the_roce_fabric_names_its_endpoints_zones_and_address_pools() {
    var f = new FabricResource(null, null, null).renderRoce(ethernet());

    assertEquals("/redfish/v1/Fabrics/RoCE", f.getAtOdataId());
    assertEquals(Protocol.RO_CEV2, f.getFabricType());
    assertEquals(ENDPOINTS, f.getEndpoints().getAtOdataId());
    assertEquals("/redfish/v1/Fabrics/RoCE/Zones", f.getZones().getAtOdataId());
    assertEquals("/redfish/v1/Fabrics/RoCE/AddressPools", f.getAddressPools().getAtOdataId());
  }

  @Test
  void the_vlan_pool_spans_the_board_s_vlans_or_else_the_manager_s_range() {
    AddressPool pool = new AddressPoolResource(null).render(ethernet());
    var range = pool.getEthernet().getIpv4().getVlANIdentifierAddressRange();
    assertEquals(100, range.getLower());
    assertEquals(120, range.getUpper());

    ChassisState noVlans = ethernet();
    List<HostPort> hosts = new ArrayList<>();
    for (HostPort h : noVlans.hosts()) {
      hosts.add(
          h.ethernet()
              .map(
                  e ->
                      HostPort.overEthernet(
                          h.id(),
                          new EthernetHost(
                              e.engine(), e.macAddress(), e.ipAddress(), OptionalInt.empty())))
              .orElse(h));
    }
    noVlans =
        new ChassisState(
            noVlans.generation(),
            noVlans.identity(),
            noVlans.switches(),
            noVlans.interSwitchLinks(),
            hosts,
            noVlans.slots(),
            noVlans.fans(),
            noVlans.powerSupplies(),
            noVlans.programmableParts(),
            noVlans.temperatureSensors(),
            noVlans.switchObservations(),
            Map.of());
    range =
        new AddressPoolResource(null)
            .render(noVlans)
            .getEthernet()
            .getIpv4()
            .getVlANIdentifierAddressRange();
    assertEquals(16, range.getLower());
    assertEquals(4092, range.getUpper());
  }
}
