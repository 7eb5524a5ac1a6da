package io.gpuchassis.agent.redfish.fabric;

import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.redfish.model.Connection;
import io.gpuchassis.redfish.model.ResourceCollection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Connections render the bindings the Zones render: one per host that has GPUs. */
class ConnectionResourceTest {

  /** Host1 with slots 1 and 2; slot 3 on its way to Host1; slot 6 bound to Host3. */
  private static ChassisState composed() {
    return bound(bound(bound(healthy(), 1, "Host1", 5, 16), 2, "Host1", 5, 16), 6, "Host3", 5, 16)
        .withBinding(binding(3, SlotBinding.State.BINDING, "Host1"));
  }

  @Test
  void only_hosts_with_gpus_have_a_connection() {
    ResourceCollection c = (ResourceCollection) ConnectionResource.collection(composed());

    assertEquals("/redfish/v1/Fabrics/PCIe/Connections", c.getAtOdataId());
    assertEquals(
        List.of(
            "/redfish/v1/Fabrics/PCIe/Connections/Host1",
            "/redfish/v1/Fabrics/PCIe/Connections/Host3"),
        ids(c.getMembers()));
  }

  @Test
  void a_connection_links_the_host_to_its_bound_gpus() {
    ChassisState state = composed();
    Connection c =
        ConnectionResource.render(
            state,
            state.hosts().stream().filter(h -> h.id().equals("Host1")).findFirst().orElseThrow());

    assertEquals("Host1", c.getId());
    assertEquals(
        List.of("/redfish/v1/Fabrics/PCIe/Endpoints/Host1"),
        ids(c.getLinks().getInitiatorEndpoints()));
    assertEquals(
        List.of(
            "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1",
            "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot2"),
        ids(c.getLinks().getTargetEndpoints()));
  }
}
