package io.gpuchassis.agent.redfish.composition;

import static io.gpuchassis.agent.redfish.ChassisFixture.NOW;
import static io.gpuchassis.agent.redfish.ChassisFixture.binding;
import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.Reservation;
import io.gpuchassis.redfish.model.CompositionState;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.PoolType;
import io.gpuchassis.redfish.model.ResourceBlock;
import io.gpuchassis.redfish.model.ResourceBlockType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.Zone;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The composition view of the binding engine's state: a GPU's resource block follows its slot's
 * binding, a host's block is Composed while it has GPUs, the pools and the resource zones list the
 * right blocks.
 */
class ResourceBlockResourceTest {

  private static final String BLOCKS = "/redfish/v1/CompositionService/ResourceBlocks";

  private static ResourceBlock gpu(ChassisState state, int slot) {
    return ResourceBlockResource.render(state, state.slot(slot).orElseThrow(), Optional.empty());
  }

  private static ResourceBlock host(
      ChassisState state, String id, Optional<Reservation> reservation) {
    HostPort h = state.hosts().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
    return ResourceBlockResource.renderHost(state, h, reservation);
  }

  private static Reservation reservation(String client, Set<Integer> slots, Set<String> hosts) {
    return new Reservation("r1", client, NOW, NOW.plusSeconds(600), slots, hosts, "{}");
  }

  @Test
  void an_unbound_gpu_is_an_unused_block_of_the_free_pool_in_its_chips_zone() {
    ResourceBlock b = gpu(healthy(), 7);

    assertEquals(BLOCKS + "/GPU-Slot7", b.getAtOdataId());
    assertEquals("GPU-Slot7", b.getId());
    assertEquals(List.of(ResourceBlockType.PROCESSOR), b.getResourceBlockType());
    assertEquals(List.of(BLOCKS + "/GPU-Slot7/Processors/GPU"), ids(b.getProcessors()));
    assertEquals(CompositionState.UNUSED, b.getCompositionStatus().getCompositionState());
    assertEquals(0, b.getCompositionStatus().getNumberOfCompositions());
    assertFalse(b.getCompositionStatus().getReserved());
    assertEquals(PoolType.FREE, b.getPool());
    assertNull(b.getClient());
    assertEquals(Health.OK, b.getStatus().getHealth());
    assertEquals(List.of(), b.getLinks().getComputerSystems());
    assertEquals(List.of("/redfish/v1/Chassis/GPUChassis"), ids(b.getLinks().getChassis()));
    assertEquals(
        List.of("/redfish/v1/CompositionService/ResourceZones/SW2"), ids(b.getLinks().getZones()));
  }

  @Test
  void a_bound_gpu_is_composed_into_its_host_and_names_it() {
    ResourceBlock b = gpu(bound(healthy(), 7, "Host3", 5, 16), 7);

    assertEquals(CompositionState.COMPOSED, b.getCompositionStatus().getCompositionState());
    assertEquals(1, b.getCompositionStatus().getNumberOfCompositions());
    assertEquals(PoolType.ACTIVE, b.getPool());
    assertEquals("Host3", b.getClient());
    assertEquals(List.of("/redfish/v1/Systems/Host3"), ids(b.getLinks().getComputerSystems()));
  }

  @Test
  void a_gpu_on_its_way_in_or_out_is_composing_and_already_names_its_host_but_no_system() {
    for (SlotBinding.State moving :
        List.of(SlotBinding.State.BINDING, SlotBinding.State.UNBINDING)) {
      ResourceBlock b = gpu(healthy().withBinding(binding(2, moving, "Host1")), 2);

      assertEquals(
          CompositionState.COMPOSING,
          b.getCompositionStatus().getCompositionState(),
          moving.name());
      assertEquals(PoolType.ACTIVE, b.getPool());
      assertEquals("Host1", b.getClient());
      assertEquals(List.of(), b.getLinks().getComputerSystems());
    }
  }

  @Test
  void a_gpu_whose_binding_failed_is_critical_and_unassigned() {
    ResourceBlock b = gpu(healthy().withBinding(binding(3, SlotBinding.State.FAILED, "Host2")), 3);

    assertEquals(CompositionState.FAILED, b.getCompositionStatus().getCompositionState());
    assertEquals(PoolType.UNASSIGNED, b.getPool());
    assertEquals(Health.CRITICAL, b.getStatus().getHealth());
  }

  @Test
  void a_reserved_unused_gpu_belongs_to_the_client_that_holds_it() {
    ChassisState state = healthy();
    ResourceBlock b =
        ResourceBlockResource.render(
            state,
            state.slot(4).orElseThrow(),
            Optional.of(reservation("orchestrator", Set.of(4), Set.of())));

    assertTrue(b.getCompositionStatus().getReserved());
    assertEquals("orchestrator", b.getClient());
    assertEquals(CompositionState.UNUSED, b.getCompositionStatus().getCompositionState());
  }

  @Test
  void a_host_block_is_composed_only_while_the_host_has_gpus() {
    ChassisState state = bound(healthy(), 1, "Host1", 5, 16);

    ResourceBlock withGpus = host(state, "Host1", Optional.empty());
    ResourceBlock without =
        host(state, "Host2", Optional.of(reservation("orchestrator", Set.of(), Set.of("Host2"))));

    assertEquals(BLOCKS + "/Host1", withGpus.getAtOdataId());
    assertEquals(List.of(ResourceBlockType.COMPUTER_SYSTEM), withGpus.getResourceBlockType());
    assertEquals(CompositionState.COMPOSED, withGpus.getCompositionStatus().getCompositionState());
    assertEquals(PoolType.ACTIVE, withGpus.getPool());
    assertEquals(List.of("/redfish/v1/Systems/Host1"), ids(withGpus.getComputerSystems()));
    assertEquals(
        List.of("/redfish/v1/Systems/Host1"), ids(withGpus.getLinks().getComputerSystems()));
    assertEquals(
        List.of("/redfish/v1/CompositionService/ResourceZones/SW1"),
        ids(withGpus.getLinks().getZones()));
    assertEquals(CompositionState.UNUSED, without.getCompositionStatus().getCompositionState());
    assertEquals(PoolType.FREE, without.getPool());
    assertTrue(without.getCompositionStatus().getReserved());
    assertEquals("orchestrator", without.getClient());
  }

  @Test
  void the_pools_split_the_blocks_by_their_bindings() {
    ChassisState state =
        bound(bound(healthy(), 1, "Host1", 5, 16), 6, "Host3", 5, 16)
            .withBinding(binding(2, SlotBinding.State.FAILED, "Host1"));
    ResourceBlockResource resource = new ResourceBlockResource(new ChassisModel(state), null, null);

    List<String> all = members(resource.collection(BLOCKS, "Resource Blocks", Optional.empty()));
    List<String> active =
        members(
            resource.collection(
                "/redfish/v1/CompositionService/ActivePool",
                "Active Pool",
                Optional.of(PoolType.ACTIVE)));
    List<String> free =
        members(
            resource.collection(
                "/redfish/v1/CompositionService/FreePool",
                "Free Pool",
                Optional.of(PoolType.FREE)));

    assertEquals(16 + 8, all.size(), "16 GPUs (slots 5, 10, 15, 20 are empty) and 8 hosts");
    assertEquals(
        List.of(BLOCKS + "/GPU-Slot1", BLOCKS + "/GPU-Slot6", BLOCKS + "/Host1", BLOCKS + "/Host3"),
        active);
    assertEquals(16 + 8 - 4 - 1, free.size(), "the failed GPU is in neither pool");
    assertFalse(free.contains(BLOCKS + "/GPU-Slot2"));
    assertFalse(all.contains(BLOCKS + "/GPU-Slot5"));
  }

  @Test
  void a_resource_zone_holds_its_chips_gpus_then_its_hosts() {
    ChassisState state = healthy();

    Zone z = ResourceZoneResource.render(state, state.switchChip("SW3").orElseThrow());

    assertEquals("/redfish/v1/CompositionService/ResourceZones/SW3", z.getAtOdataId());
    assertEquals("SW3", z.getId());
    assertEquals(
        List.of(
            BLOCKS + "/GPU-Slot11",
            BLOCKS + "/GPU-Slot12",
            BLOCKS + "/GPU-Slot13",
            BLOCKS + "/GPU-Slot14",
            BLOCKS + "/Host5",
            BLOCKS + "/Host6"),
        ids(z.getLinks().getResourceBlocks()));
  }

  @Test
  void a_block_uri_names_its_slot_or_its_host() {
    ChassisState state = healthy();

    assertEquals(Optional.of(9), ResourceBlockResource.slotOf(state, BLOCKS + "/GPU-Slot9"));
    assertEquals(
        Optional.empty(),
        ResourceBlockResource.slotOf(state, BLOCKS + "/GPU-Slot10"),
        "empty slot");
    assertEquals(
        "Host8", ResourceBlockResource.hostOf(state, BLOCKS + "/Host8").orElseThrow().id());
    assertEquals(Optional.empty(), ResourceBlockResource.hostOf(state, BLOCKS + "/Host9"));
  }

  private static List<String> members(Object collection) {
    return ids(((ResourceCollection) collection).getMembers());
  }
}
