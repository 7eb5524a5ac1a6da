package io.gpuchassis.agent.redfish.composition;

import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.redfish.model.Capability;
import io.gpuchassis.redfish.model.CompositionUseCase;
import io.gpuchassis.redfish.model.ComputerSystem;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.SystemType;
import io.gpuchassis.redfish.model.UseCase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A host port as an expandable ComputerSystem: its bound GPUs as PCIe devices and resource blocks.
 */
class SystemResourceTest {

  private static final String BLOCKS = "/redfish/v1/CompositionService/ResourceBlocks";

  private static ComputerSystem system(ChassisState state, String id) {
    HostPort host = state.hosts().stream().filter(h -> h.id().equals(id)).findFirst().orElseThrow();
    return SystemResource.render(
        state,
        host,
        io.gpuchassis.agent.redfish.ChassisFixture.fabricHealth(),
        io.gpuchassis.agent.host.HostReports.NONE);
  }

  @Test
  void the_collection_has_a_system_per_host_and_both_composition_capabilities() {
    ResourceCollection c = SystemResource.collection(healthy());

    assertEquals("/redfish/v1/Systems", c.getAtOdataId());
    assertEquals(8, c.getMembers().size());
    assertEquals("/redfish/v1/Systems/Host1", c.getMembers().get(0).getAtOdataId());
    List<Capability> capabilities = c.getAtRedfishCollectionCapabilities().getCapabilities();
    assertEquals(
        List.of(
            UseCase.COMPUTER_SYSTEM_COMPOSITION, UseCase.COMPUTER_SYSTEM_CONSTRAINED_COMPOSITION),
        capabilities.stream().map(Capability::getUseCase).toList());
    assertEquals(
        "/redfish/v1/Systems/Capabilities",
        capabilities.get(0).getCapabilitiesObject().getAtOdataId());
    assertEquals(
        "/redfish/v1/Systems/ConstrainedCompositionCapabilities",
        capabilities.get(1).getCapabilitiesObject().getAtOdataId());
    assertEquals(
        List.of(
            "/redfish/v1/CompositionService/ResourceZones/SW1",
            "/redfish/v1/CompositionService/ResourceZones/SW2",
            "/redfish/v1/CompositionService/ResourceZones/SW3",
            "/redfish/v1/CompositionService/ResourceZones/SW4"),
        ids(capabilities.get(0).getLinks().getRelatedItem()));
  }

  @Test
  void a_host_without_gpus_has_only_its_own_block() {
    ComputerSystem s = system(healthy(), "Host2");

    assertEquals("/redfish/v1/Systems/Host2", s.getAtOdataId());
    assertEquals("Host2", s.getId());
    assertEquals(SystemType.PHYSICAL, s.getSystemType());
    assertEquals(List.of(CompositionUseCase.EXPANDABLE_SYSTEM), s.getComposition().getUseCases());
    assertEquals(State.ENABLED, s.getStatus().getState());
    assertEquals(List.of(), s.getPcIeDevices());
    assertEquals(List.of(BLOCKS + "/Host2"), ids(s.getLinks().getResourceBlocks()));
    assertEquals("/redfish/v1/Systems/Host2/Processors", s.getProcessors().getAtOdataId());
  }

  @Test
  void a_host_shows_its_hot_plug_window_and_whose_figure_it_is() {
    io.gpuchassis.agent.host.HostReports reported =
        new io.gpuchassis.agent.host.HostReports() {
          @Override
          public java.util.Optional<io.gpuchassis.agent.host.HostIdentity> identity(String host) {
            return java.util.Optional.of(
                new io.gpuchassis.agent.host.HostIdentity(
                    host,
                    java.util.UUID.fromString("4c4c4544-0042-3510-8052-b4c04f4b4e31"),
                    io.gpuchassis.agent.redfish.ChassisFixture.NOW,
                    host.equals("Host2")
                        ? java.util.OptionalLong.of(65536)
                        : java.util.OptionalLong.empty()));
          }

          @Override
          public java.util.Optional<io.gpuchassis.agent.host.GpuSighting> sighting(int slot) {
            return java.util.Optional.empty();
          }

          @Override
          public long version() {
            return 1;
          }
        };
    ChassisState state = healthy();

    com.fasterxml.jackson.databind.JsonNode host2 = oem(state, "Host2", reported);
    assertEquals(65536, host2.path("HotPlugWindowMiB").asLong());
    assertEquals("HostCompanion", host2.path("HotPlugWindowSource").asText());
    assertEquals("#GpuChassisAgent.v1_0_0.ComputerSystem", host2.path("@odata.type").asText());
    com.fasterxml.jackson.databind.JsonNode host1 = oem(state, "Host1", reported);
    assertEquals(2048 * 1024, host1.path("HotPlugWindowMiB").asLong(), "the board's 2048 GiB");
    assertEquals("BoardDescription", host1.path("HotPlugWindowSource").asText());
    // Beside the GPUs' paths once the host has GPUs
    com.fasterxml.jackson.databind.JsonNode withGpu =
        oem(bound(state, 1, "Host2", 5, 16), "Host2", reported);
    assertEquals("SameSwitch", withGpu.at("/HostPath/Path").asText(), withGpu.toString());
    assertEquals(65536, withGpu.path("HotPlugWindowMiB").asLong());
  }

  private static com.fasterxml.jackson.databind.JsonNode oem(
      ChassisState state, String id, io.gpuchassis.agent.host.HostReports reports) {
    HostPort host = state.hosts().stream().filter(h -> h.id().equals(id)).findFirst().orElseThrow();
    ComputerSystem system =
        SystemResource.render(
            state, host, io.gpuchassis.agent.redfish.ChassisFixture.fabricHealth(), reports);
    return io.gpuchassis.redfish.json.RedfishJson.mapper()
        .valueToTree(system)
        .at("/Oem/GpuChassisAgent");
  }

  @Test
  void a_hosts_health_is_its_cable_and_it_links_to_the_chassis_and_manager() {
    ComputerSystem up = system(healthy(), "Host1");
    assertEquals(io.gpuchassis.redfish.model.Health.OK, up.getStatus().getHealth());
    assertEquals(List.of("/redfish/v1/Chassis/GPUChassis"), ids(up.getLinks().getChassis()));
    assertEquals(List.of("/redfish/v1/Managers/BMC"), ids(up.getLinks().getManagedBy()));
    // Host1's cable is SW1's port 5: dropped, the system says so (not the server's own health)
    ChassisState cut =
        io.gpuchassis.agent.redfish.ChassisFixture.withLink(
            healthy(),
            "SW1",
            io.gpuchassis.agent.redfish.ChassisFixture.down(5, java.util.OptionalInt.empty()));
    assertEquals(
        io.gpuchassis.agent.redfish.ChassisFixture.fabricHealth()
            .ofPort(cut, io.gpuchassis.agent.chassis.WiredPort.find(cut, "SW1", 5).orElseThrow()),
        system(cut, "Host1").getStatus().getHealth());
    assertEquals(
        io.gpuchassis.redfish.model.Health.WARNING,
        system(cut, "Host1").getStatus().getHealth(),
        "a host port without GPUs whose cable dropped");
  }

  @Test
  void a_host_lists_exactly_its_bound_gpus() {
    // Host1: slots 1 and 4 bound, slot 2 still binding; Host2 has slot 3; slot 12 (SW3) reached
    // over the ring.
    ChassisState state =
        bound(
                bound(
                    bound(bound(healthy(), 1, "Host1", 5, 16), 4, "Host1", 5, 16),
                    3,
                    "Host2",
                    5,
                    16),
                12,
                "Host1",
                4,
                16)
            .withBinding(binding(2, SlotBinding.State.BINDING, "Host1"));

    ComputerSystem s = system(state, "Host1");

    assertEquals(
        List.of(
            "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1",
            "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot4",
            "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot12"),
        ids(s.getPcIeDevices()));
    assertEquals(
        List.of(
            BLOCKS + "/Host1",
            BLOCKS + "/GPU-Slot1",
            BLOCKS + "/GPU-Slot4",
            BLOCKS + "/GPU-Slot12"),
        ids(s.getLinks().getResourceBlocks()));
    assertEquals(
        "/redfish/v1/Systems/Host1/Actions/ComputerSystem.AddResourceBlock",
        s.getActions().getHashComputerSystemAddResourceBlock().getTarget());
    assertEquals(
        "/redfish/v1/Systems/Host1/Actions/ComputerSystem.RemoveResourceBlock",
        s.getActions().getHashComputerSystemRemoveResourceBlock().getTarget());
    assertEquals(
        List.of("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot3"),
        ids(system(state, "Host2").getPcIeDevices()));
  }
}
