package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.Lease;
import io.gpuchassis.agent.compose.Leases;
import io.gpuchassis.agent.compose.Reservation;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code CompositionService/ResourceBlocks[/GPU-SlotN | /HostN]}, {@code ActivePool} and {@code
 * FreePool}: one resource block per GPU, its composition state read from the binding engine's state
 * of the slot, so that it always agrees with the Fabric's Zones; and one ComputerSystem-type block
 * per host port, the DSP0266 registration of an expandable system (Composed while the host has
 * GPUs). {@code Reserved} shows a composition reservation's hold.
 */
public final class ResourceBlockResource {

  private static final Pattern BLOCK =
      Pattern.compile(Pattern.quote(Uris.RESOURCE_BLOCKS) + "/GPU-Slot(\\d{1,3})/?");
  private static final Pattern BLOCK_ID = Pattern.compile("GPU-Slot(\\d{1,3})");

  private final ChassisModel model;
  private final Reservations reservations;
  private final io.vertx.core.Vertx vertx;

  /** The leases on GPU assignments; null where the agent keeps none (a test of the views). */
  private final Leases leases;

  private final java.time.Clock clock;
  private RedfishRoutes routes;

  public ResourceBlockResource(
      ChassisModel model, Reservations reservations, io.vertx.core.Vertx vertx) {
    this(model, reservations, null, java.time.Clock.systemUTC(), vertx);
  }

  public ResourceBlockResource(
      ChassisModel model,
      Reservations reservations,
      Leases leases,
      java.time.Clock clock,
      io.vertx.core.Vertx vertx) {
    this.model = model;
    this.reservations = reservations;
    this.leases = leases;
    this.clock = clock;
    this.vertx = vertx;
  }

  private Optional<Lease> leaseOf(int slot) {
    return leases == null ? Optional.empty() : leases.of(slot);
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.patch(Uris.RESOURCE_BLOCK_TEMPLATE, "ResourceBlock", this::handlePatch);
    routes.resource(
        Uris.RESOURCE_BLOCKS,
        "ResourceBlockCollection",
        (params, caller) -> collection(Uris.RESOURCE_BLOCKS, "Resource Blocks", Optional.empty()));
    routes.resource(
        Uris.ACTIVE_POOL,
        "ResourceBlockCollection",
        (params, caller) ->
            collection(Uris.ACTIVE_POOL, "Active Pool", Optional.of(PoolType.ACTIVE)));
    routes.resource(
        Uris.FREE_POOL,
        "ResourceBlockCollection",
        (params, caller) -> collection(Uris.FREE_POOL, "Free Pool", Optional.of(PoolType.FREE)));
    routes.resource(
        Uris.RESOURCE_BLOCK_TEMPLATE,
        "ResourceBlock",
        (params, caller) -> {
          ChassisState state = model.current();
          String id = params.get("ResourceBlockId");
          List<Reservation> held = reservations.current();
          Optional<HostPort> host =
              state.hosts().stream().filter(h -> h.id().equals(id)).findFirst();
          if (host.isPresent()) {
            return renderHost(state, host.get(), holder(held, Set.of(), Set.of(id)));
          }
          Matcher m = BLOCK_ID.matcher(id);
          Optional<Slot> slot =
              m.matches() ? gpuSlot(state, Integer.parseInt(m.group(1))) : Optional.empty();
          Slot gpu = slot.orElseThrow(() -> RedfishErrors.notFound("ResourceBlock", id));
          return render(
              state,
              gpu,
              holder(held, Set.of(gpu.number()), Set.of()),
              leaseOf(gpu.number()).filter(l -> Leases.heldBy(state.binding(l.slot()), l.host())));
        });
  }

  /**
   * {@code PATCH CompositionStatus.Reserved}: reserves the block for the caller, or ends the
   * caller's reservation of it ({@link BlockReservationPatch}); the store is written off the event
   * loop.
   */
  private void handlePatch(io.vertx.ext.web.RoutingContext ctx) {
    var caller = RedfishRoutes.caller(ctx).orElseThrow();
    String id = ctx.pathParam("ResourceBlockId");
    String uri = Uris.RESOURCE_BLOCKS + "/" + id;
    com.fasterxml.jackson.databind.node.ObjectNode shown =
        routes.render(uri, caller).orElseThrow(() -> RedfishErrors.notFound("ResourceBlock", id));
    io.gpuchassis.redfish.http.Preconditions.checkIfMatch(ctx, shown);
    com.fasterxml.jackson.databind.node.ObjectNode body =
        io.gpuchassis.redfish.http.RequestBodies.object(ctx).deepCopy();
    // Oem.GpuChassisAgent.Lease is read apart; the rest is CompositionStatus.Reserved's
    com.fasterxml.jackson.databind.JsonNode oem = body.remove("Oem");
    boolean reservation = false;
    for (var it = body.fieldNames(); it.hasNext(); ) {
      reservation |= !it.next().startsWith("@odata.");
    }
    boolean reserve = reservation || oem == null;
    ChassisState state = model.current();
    Optional<HostPort> host = state.hosts().stream().filter(h -> h.id().equals(id)).findFirst();
    Set<Integer> slots;
    Set<String> hosts;
    boolean composed;
    if (host.isPresent()) {
      slots = Set.of();
      hosts = Set.of(id);
      composed = hostComposed(state, host.get());
    } else {
      Matcher m = BLOCK_ID.matcher(id);
      Slot gpu =
          (m.matches() ? gpuSlot(state, Integer.parseInt(m.group(1))) : Optional.<Slot>empty())
              .orElseThrow(() -> RedfishErrors.notFound("ResourceBlock", id));
      slots = Set.of(gpu.number());
      hosts = Set.of();
      composed = state.binding(gpu.number()).state() != SlotBinding.State.UNBOUND;
    }
    if (oem != null && (host.isPresent() || leases == null)) {
      throw RedfishErrors.of(
          io.gpuchassis.redfish.http.PatchRefusals.of(
              BlockLeasePatch.NAME, false, BlockLeasePatch.POINTER));
    }
    // Checked whole before anything changes
    Optional<BlockLeasePatch.Request> lease =
        oem == null
            ? Optional.empty()
            : Optional.of(
                BlockLeasePatch.read(
                    oem, state, slots.iterator().next(), caller.userName(), clock.instant()));
    io.gpuchassis.agent.redfish.core.Offload.run(
        vertx,
        ctx,
        () -> {
          if (reserve) {
            new BlockReservationPatch(reservations)
                .apply(body, shown, uri, slots, hosts, composed, caller.userName());
          }
          lease.ifPresent(
              r ->
                  r.lease()
                      .ifPresentOrElse(leases::put, () -> leases.remove(slots.iterator().next())));
          return routes.render(uri, caller).orElseThrow();
        },
        after -> io.gpuchassis.redfish.http.RedfishResponses.changed(ctx, after, List.of()));
  }

  Object collection(String uri, String name, Optional<PoolType> pool) {
    ChassisState state = model.current();
    List<String> members = new ArrayList<>();
    state.slots().stream()
        .filter(Slot::occupied)
        .filter(s -> pool.isEmpty() || pool.get() == pool(state.binding(s.number())))
        .forEach(s -> members.add(Uris.resourceBlock(s.number())));
    state.hosts().stream()
        .filter(h -> pool.isEmpty() || pool.get() == hostPool(state, h))
        .forEach(h -> members.add(Uris.hostResourceBlock(h.id())));
    return Collections.render(Schemas.RESOURCE_BLOCK_COLLECTION, uri, name, members);
  }

  private static Optional<Reservation> holder(
      List<Reservation> held, Set<Integer> slots, Set<String> hosts) {
    return held.stream()
        .filter(
            r ->
                slots.stream().anyMatch(r.slots()::contains)
                    || hosts.stream().anyMatch(r.hosts()::contains))
        .findFirst();
  }

  /** The host port a resource block URI names, if it names one. */
  static Optional<HostPort> hostOf(ChassisState state, String uri) {
    String prefix = Uris.RESOURCE_BLOCKS + "/";
    if (!uri.startsWith(prefix)) {
      return Optional.empty();
    }
    String id = uri.substring(prefix.length()).replaceAll("/$", "");
    return state.hosts().stream().filter(h -> h.id().equals(id)).findFirst();
  }

  /** Composed while the host has (or is gaining or losing) GPUs. */
  static boolean hostComposed(ChassisState state, HostPort host) {
    return state.bindings().values().stream()
        .anyMatch(
            b -> b.state() != SlotBinding.State.UNBOUND && b.host().equals(Optional.of(host.id())));
  }

  static PoolType hostPool(ChassisState state, HostPort host) {
    return hostComposed(state, host) ? PoolType.ACTIVE : PoolType.FREE;
  }

  static ResourceBlock renderHost(
      ChassisState state, HostPort host, Optional<Reservation> reservation) {
    boolean composed = hostComposed(state, host);
    String system = Uris.system(host.id());
    ResourceBlock block =
        new ResourceBlock()
            .atOdataId(Uris.hostResourceBlock(host.id()))
            .atOdataType(Schemas.RESOURCE_BLOCK.odataType())
            .id(host.id())
            .name("Host port " + host.id())
            .description(
                host.overEthernet()
                    ? "The server reached over Ethernet through ExpEther host engine "
                        + host.ethernet().orElseThrow().engine()
                        + ", registered as an expandable system; it is composed with GPUs of slots"
                        + " with an ExpEther I/O engine"
                    : "The server cabled to host port "
                        + host.port()
                        + " of switch "
                        + host.switchId()
                        + ", registered as an expandable system; it is composed with GPUs of its resource zone")
            .resourceBlockType(List.of(ResourceBlockType.COMPUTER_SYSTEM))
            .status(new Status().state(State.ENABLED).health(Health.OK))
            .compositionStatus(
                new CompositionStatus()
                    .compositionState(
                        composed ? CompositionState.COMPOSED : CompositionState.UNUSED)
                    .reserved(reservation.isPresent())
                    .sharingCapable(false)
                    .maxCompositions(1)
                    .numberOfCompositions(composed ? 1 : 0))
            .pool(hostPool(state, host))
            .computerSystems(List.of(Uris.ref(system)))
            .links(
                new ResourceBlockLinks()
                    .chassis(List.of(Uris.ref(Uris.chassis(state.identity().id()))))
                    .computerSystems(List.of(Uris.ref(system)))
                    // Resource zones are the switch chips': an Ethernet host is in none
                    .zones(
                        host.overEthernet()
                            ? List.of()
                            : List.of(Uris.ref(Uris.resourceZone(host.switchId())))));
    reservation.filter(r -> !composed).ifPresent(r -> block.client(r.client()));
    return block;
  }

  /** The slot of the GPU a resource block URI names, if it names one. */
  static Optional<Integer> slotOf(ChassisState state, String uri) {
    Matcher m = BLOCK.matcher(uri);
    return m.matches()
        ? gpuSlot(state, Integer.parseInt(m.group(1))).map(Slot::number)
        : Optional.empty();
  }

  private static Optional<Slot> gpuSlot(ChassisState state, int number) {
    return state.slot(number).filter(Slot::occupied);
  }

  static ResourceBlock render(ChassisState state, Slot slot, Optional<Reservation> reservation) {
    return render(state, slot, reservation, Optional.empty());
  }

  /**
   * The GPU's block; with a lease on its assignment, {@code Oem.GpuChassisAgent.Lease} shows it
   * (docs/COMPOSITION.md, "Leases").
   */
  static ResourceBlock render(
      ChassisState state, Slot slot, Optional<Reservation> reservation, Optional<Lease> lease) {
    SlotBinding b = state.binding(slot.number());
    ResourceBlockLinks links =
        new ResourceBlockLinks()
            .chassis(List.of(Uris.ref(Uris.chassis(state.identity().id()))))
            .computerSystems(
                b.state() == SlotBinding.State.BOUND
                    ? List.of(Uris.ref(Uris.system(b.host().orElseThrow())))
                    : List.of())
            .zones(List.of(Uris.ref(Uris.resourceZone(slot.switchId()))));
    ResourceBlock block =
        new ResourceBlock()
            .atOdataId(Uris.resourceBlock(slot.number()))
            .atOdataType(Schemas.RESOURCE_BLOCK.odataType())
            .id(Uris.gpuEndpointId(slot.number()))
            .name("GPU in slot " + slot.number())
            .description(
                slot.gpu().orElseThrow().displayName()
                    + " in slot "
                    + slot.number()
                    + " (switch "
                    + slot.switchId()
                    + "); composable into the hosts of that chip, and of chips whose inter-switch links reach it")
            // Processor, as DMTF's composability mockup types its GPU (offload) block; Expansion is
            // for blocks whose
            // devices change over time, and a slot's GPU does not.
            .resourceBlockType(List.of(ResourceBlockType.PROCESSOR))
            .processors(List.of(Uris.ref(Uris.resourceBlock(slot.number()) + "/Processors/GPU")))
            .status(
                new Status()
                    .state(State.ENABLED)
                    .health(b.state() == SlotBinding.State.FAILED ? Health.CRITICAL : Health.OK))
            .compositionStatus(
                new CompositionStatus()
                    .compositionState(compositionState(b))
                    .reserved(reservation.isPresent())
                    .sharingCapable(false)
                    .maxCompositions(1)
                    .numberOfCompositions(b.state() == SlotBinding.State.BOUND ? 1 : 0))
            .pool(pool(b))
            .links(links);
    // Client names the host while the GPU is on its way to, in, or on its way out of that host's
    // partition.
    b.host().filter(h -> b.state() != SlotBinding.State.UNBOUND).ifPresent(block::client);
    // An unused block held by a reservation belongs to the client that holds it.
    reservation
        .filter(r -> b.state() == SlotBinding.State.UNBOUND)
        .ifPresent(r -> block.client(r.client()));
    lease.ifPresent(l -> block.oem(OemSchema.oem(OemSchema.RESOURCE_BLOCK, leaseProperties(l))));
    return block;
  }

  /** {@code Lease: {Owner, Expires, IdleReleaseAfter}} as a client sets it. */
  static java.util.Map<String, Object> leaseProperties(Lease lease) {
    java.util.Map<String, Object> shown = new java.util.LinkedHashMap<>();
    shown.put("Owner", lease.owner());
    shown.put("Expires", lease.expires().toString());
    shown.put("IdleReleaseAfter", lease.idleReleaseAfter().map(Object::toString).orElse(null));
    return java.util.Map.of("Lease", shown);
  }

  static CompositionState compositionState(SlotBinding b) {
    return switch (b.state()) {
      case UNBOUND -> CompositionState.UNUSED;
      case BINDING, UNBINDING -> CompositionState.COMPOSING;
      case BOUND -> CompositionState.COMPOSED;
      case FAILED -> CompositionState.FAILED;
    };
  }

  /**
   * Free when it can be composed, Active while it belongs to a host, Unassigned when the engine
   * lost track of it.
   */
  static PoolType pool(SlotBinding b) {
    return switch (b.state()) {
      case UNBOUND -> PoolType.FREE;
      case BINDING, BOUND, UNBINDING -> PoolType.ACTIVE;
      case FAILED -> PoolType.UNASSIGNED;
    };
  }
}
