package io.gpuchassis.agent.redfish.fabric;

import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.model.Endpoint;
import io.gpuchassis.redfish.model.EntityRole;
import io.gpuchassis.redfish.model.EntityType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.Zone;
import io.gpuchassis.redfish.model.ZoneType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fabric's binding view: an initiator endpoint per host port, a target per seated GPU, and a
 * zone per host holding the host and exactly the GPUs bound to it.
 */
class EndpointZoneResourceTest {

  private static final String ENDPOINTS = "/redfish/v1/Fabrics/PCIe/Endpoints";

  /** Host1 with slots 1 and 2; slot 3 on its way to Host1; slot 6 bound to Host3. */
  private static ChassisState composed() {
    return bound(bound(bound(healthy(), 1, "Host1", 5, 16), 2, "Host1", 5, 16), 6, "Host3", 5, 16)
        .withBinding(binding(3, SlotBinding.State.BINDING, "Host1"));
  }

  private static EndpointZoneResource resource(ChassisState state) {
    return new EndpointZoneResource(
        new ChassisModel(state), null, null, java.time.Duration.ZERO, null, null);
  }

  @Test
  void the_endpoints_are_the_hosts_then_the_seated_gpus() {
    List<String> members =
        ids(((ResourceCollection) resource(healthy()).renderEndpoints(healthy())).getMembers());

    assertEquals(8 + 16, members.size());
    assertEquals(ENDPOINTS + "/Host1", members.get(0));
    assertEquals(ENDPOINTS + "/Host8", members.get(7));
    assertEquals(ENDPOINTS + "/GPU-Slot1", members.get(8));
    assertEquals(ENDPOINTS + "/GPU-Slot19", members.get(members.size() - 1));
    assertEquals(false, members.contains(ENDPOINTS + "/GPU-Slot5"), "an empty slot is no endpoint");
  }

  @Test
  void there_is_one_zone_per_host() {
    ResourceCollection zones = (ResourceCollection) resource(healthy()).renderZones(healthy());

    assertEquals("/redfish/v1/Fabrics/PCIe/Zones", zones.getAtOdataId());
    assertEquals(8, zones.getMembers().size());
    assertEquals("/redfish/v1/Fabrics/PCIe/Zones/Host4", zones.getMembers().get(3).getAtOdataId());
  }

  @Test
  void a_host_endpoint_is_an_initiator_on_its_switch_port_in_its_zone() {
    Endpoint e = resource(composed()).endpoint(Map.of("EndpointId", "Host3"));

    assertEquals(ENDPOINTS + "/Host3", e.getAtOdataId());
    assertEquals(EntityType.ROOT_COMPLEX, e.getConnectedEntities().get(0).getEntityType());
    assertEquals(EntityRole.INITIATOR, e.getConnectedEntities().get(0).getEntityRole());
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/5"), ids(e.getLinks().getPorts()));
    assertEquals(List.of("/redfish/v1/Fabrics/PCIe/Zones/Host3"), ids(e.getLinks().getZones()));
  }

  @Test
  void a_gpu_endpoint_is_in_its_hosts_zone_only_once_bound() {
    EndpointZoneResource r = resource(composed());

    Endpoint bound = r.endpoint(Map.of("EndpointId", "GPU-Slot6"));
    Endpoint binding = r.endpoint(Map.of("EndpointId", "GPU-Slot3"));
    Endpoint free = r.endpoint(Map.of("EndpointId", "GPU-Slot11"));

    assertEquals(EntityRole.TARGET, bound.getConnectedEntities().get(0).getEntityRole());
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe/Switches/SW2/Ports/0"), ids(bound.getLinks().getPorts()));
    assertEquals(List.of("/redfish/v1/Fabrics/PCIe/Zones/Host3"), ids(bound.getLinks().getZones()));
    assertNull(binding.getLinks().getZones());
    assertNull(free.getLinks().getZones());
    assertEquals("GPU in slot 11 (NVIDIA L40S)", free.getDescription());
  }

  @Test
  void an_empty_slot_or_an_unknown_id_is_not_found() {
    EndpointZoneResource r = resource(healthy());

    assertEquals(
        404,
        assertThrows(RedfishException.class, () -> r.endpoint(Map.of("EndpointId", "GPU-Slot5")))
            .status());
    assertEquals(
        404,
        assertThrows(RedfishException.class, () -> r.endpoint(Map.of("EndpointId", "Host9")))
            .status());
  }

  @Test
  void a_zone_holds_its_host_and_the_gpus_bound_to_it_and_offers_its_actions() {
    ChassisState state = composed();

    Zone z = resource(state).render(state, state.hosts().get(0));

    assertEquals("/redfish/v1/Fabrics/PCIe/Zones/Host1", z.getAtOdataId());
    assertEquals(ZoneType.ZONE_OF_ENDPOINTS, z.getZoneType());
    assertEquals(
        List.of(ENDPOINTS + "/Host1", ENDPOINTS + "/GPU-Slot1", ENDPOINTS + "/GPU-Slot2"),
        ids(z.getLinks().getEndpoints()),
        "slot 3 is still binding, slot 6 is Host3's");
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.AddEndpoint",
        z.getActions().getHashZoneAddEndpoint().getTarget());
    assertEquals(
        "/redfish/v1/Fabrics/PCIe/Zones/Host1/Actions/Zone.RemoveEndpoint",
        z.getActions().getHashZoneRemoveEndpoint().getTarget());
  }
}
