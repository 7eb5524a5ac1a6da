package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.CompositionState;
import io.gpuchassis.redfish.model.CompositionStatus;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.PoolType;
import io.gpuchassis.redfish.model.ResourceBlock;
import io.gpuchassis.redfish.model.ResourceBlockLinks;
import io.gpuchassis.redfish.model.ResourceBlockType;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code CompositionService/ResourceBlocks[/GPU-SlotN]}, {@code ActivePool} and {@code FreePool}: one resource block
 * per GPU, its composition state read from the binding engine's state of the slot, so that it always agrees with the
 * Fabric's Zones.
 */
final class ResourceBlockResource {

  private static final Pattern BLOCK = Pattern.compile(Pattern.quote(Uris.RESOURCE_BLOCKS) + "/GPU-Slot(\\d{1,3})/?");
  private static final Pattern BLOCK_ID = Pattern.compile("GPU-Slot(\\d{1,3})");

  private final ChassisModel model;

  ResourceBlockResource(ChassisModel model) {
    this.model = model;
  }

  void register(RedfishRoutes routes) {
    routes.resource(Uris.RESOURCE_BLOCKS, "ResourceBlockCollection",
        (params, caller) -> collection(Uris.RESOURCE_BLOCKS, "Resource Blocks", Optional.empty()));
    routes.resource(Uris.ACTIVE_POOL, "ResourceBlockCollection",
        (params, caller) -> collection(Uris.ACTIVE_POOL, "Active Pool", Optional.of(PoolType.ACTIVE)));
    routes.resource(Uris.FREE_POOL, "ResourceBlockCollection",
        (params, caller) -> collection(Uris.FREE_POOL, "Free Pool", Optional.of(PoolType.FREE)));
    routes.resource(Uris.RESOURCE_BLOCKS + "/{ResourceBlockId}", "ResourceBlock", (params, caller) -> {
      ChassisState state = model.current();
      String id = params.get("ResourceBlockId");
      Matcher m = BLOCK_ID.matcher(id);
      Optional<Slot> slot = m.matches() ? gpuSlot(state, Integer.parseInt(m.group(1))) : Optional.empty();
      return render(state, slot.orElseThrow(() -> RedfishErrors.notFound("ResourceBlock", id)));
    });
  }

  private Object collection(String uri, String name, Optional<PoolType> pool) {
    ChassisState state = model.current();
    List<String> members = state.slots().stream()
        .filter(Slot::occupied)
        .filter(s -> pool.isEmpty() || pool.get() == pool(state.binding(s.number())))
        .map(s -> Uris.resourceBlock(s.number()))
        .toList();
    return Collections.render(Schemas.RESOURCE_BLOCK_COLLECTION, uri, name, members);
  }

  /** The slot of the GPU a resource block URI names, if it names one. */
  static Optional<Integer> slotOf(ChassisState state, String uri) {
    Matcher m = BLOCK.matcher(uri);
    return m.matches() ? gpuSlot(state, Integer.parseInt(m.group(1))).map(Slot::number) : Optional.empty();
  }

  private static Optional<Slot> gpuSlot(ChassisState state, int number) {
    return state.slot(number).filter(Slot::occupied);
  }

  static ResourceBlock render(ChassisState state, Slot slot) {
    SlotBinding b = state.binding(slot.number());
    ResourceBlockLinks links = new ResourceBlockLinks()
        .chassis(List.of(Uris.ref(Uris.chassis(state.identity().id()))))
        .computerSystems(b.state() == SlotBinding.State.BOUND
            ? List.of(Uris.ref(Uris.system(b.host().orElseThrow())))
            : List.of())
        .zones(List.of(Uris.ref(Uris.resourceZone(slot.switchId()))));
    ResourceBlock block = new ResourceBlock()
        .atOdataId(Uris.resourceBlock(slot.number()))
        .atOdataType(Schemas.RESOURCE_BLOCK.odataType())
        .id(Uris.gpuEndpointId(slot.number()))
        .name("GPU in slot " + slot.number())
        .description(slot.gpu().orElseThrow().model() + " in slot " + slot.number() + " (switch " + slot.switchId()
            + "); composable into the hosts of that switch chip")
        // Processor, as DMTF's composability mockup types its GPU (offload) block; Expansion is for blocks whose
        // devices change over time, and a slot's GPU does not.
        .resourceBlockType(List.of(ResourceBlockType.PROCESSOR))
        .status(new Status().state(State.ENABLED)
            .health(b.state() == SlotBinding.State.FAILED ? Health.CRITICAL : Health.OK))
        .compositionStatus(new CompositionStatus()
            .compositionState(compositionState(b))
            .reserved(false)
            .sharingCapable(false)
            .maxCompositions(1)
            .numberOfCompositions(b.state() == SlotBinding.State.BOUND ? 1 : 0))
        .pool(pool(b))
        .links(links);
    // Client names the host while the GPU is on its way to, in, or on its way out of that host's partition.
    b.host().filter(h -> b.state() != SlotBinding.State.UNBOUND).ifPresent(block::client);
    return block;
  }

  static CompositionState compositionState(SlotBinding b) {
    return switch (b.state()) {
      case UNBOUND -> CompositionState.UNUSED;
      case BINDING, UNBINDING -> CompositionState.COMPOSING;
      case BOUND -> CompositionState.COMPOSED;
      case FAILED -> CompositionState.FAILED;
    };
  }

  /** Free when it can be composed, Active while it belongs to a host, Unassigned when the engine lost track of it. */
  static PoolType pool(SlotBinding b) {
    return switch (b.state()) {
      case UNBOUND -> PoolType.FREE;
      case BINDING, BOUND, UNBINDING -> PoolType.ACTIVE;
      case FAILED -> PoolType.UNASSIGNED;
    };
  }
}
