package io.gpuchassis.agent.redfish.fabric;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.redfish.composition.BindingErrors;
import io.gpuchassis.agent.redfish.composition.BindingReplies;
import io.gpuchassis.agent.redfish.composition.ForcedRemovals;
import io.gpuchassis.agent.redfish.composition.ReservedBlocks;
import io.gpuchassis.agent.redfish.core.ActionETags;
import io.gpuchassis.agent.redfish.core.ChangeMessages;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.ActionTarget;
import io.gpuchassis.redfish.model.ConnectedEntity;
import io.gpuchassis.redfish.model.Endpoint;
import io.gpuchassis.redfish.model.EndpointLinks;
import io.gpuchassis.redfish.model.EntityRole;
import io.gpuchassis.redfish.model.EntityType;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.Zone;
import io.gpuchassis.redfish.model.ZoneActions;
import io.gpuchassis.redfish.model.ZoneLinks;
import io.gpuchassis.redfish.model.ZoneType;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PCIe fabric's binding view: {@code Fabrics/PCIe/Endpoints} (an Initiator per host port, a
 * Target per GPU) and {@code Fabrics/PCIe/Zones} (one ZoneOfEndpoints per host port: the host and
 * the GPUs bound to it). A GPU joins a zone by {@code Zone.AddEndpoint} or by a PATCH of {@code
 * Links.Endpoints}, and leaves it by {@code Zone.RemoveEndpoint} (forced with {@link
 * ForcedRemovals#PARAMETER}) or the same PATCH; every change goes through the {@link
 * BindingEngine}. Accepted changes are answered 202 with a task monitor ({@link BindingReplies});
 * refusals the engine knows at once (slot in use, host still using the GPU, ...) are answered at
 * once with their error.
 */
public final class EndpointZoneResource {

  static final String ADD = "/Actions/Zone.AddEndpoint";
  static final String REMOVE = "/Actions/Zone.RemoveEndpoint";
  private static final Pattern GPU_ENDPOINT =
      Pattern.compile(Uris.ENDPOINTS + "/GPU-Slot(\\d{1,3})/?");

  private final ChassisModel model;
  private final BindingEngine engine;
  private final TaskRegistry tasks;
  private final java.time.Duration answerWithin;
  private final Reservations reservations;
  private final ForcedRemovals forced;
  private RedfishRoutes routes;

  public EndpointZoneResource(
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      Reservations reservations,
      ForcedRemovals forced) {
    this.answerWithin = answerWithin;
    this.reservations = reservations;
    this.forced = forced;
    this.model = model;
    this.engine = engine;
    this.tasks = tasks;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(
        Uris.ENDPOINTS, "EndpointCollection", (params, caller) -> renderEndpoints(model.current()));
    routes.resource(Uris.ENDPOINT_TEMPLATE, "Endpoint", (params, caller) -> endpoint(params));
    routes.resource(Uris.ZONES, "ZoneCollection", (params, caller) -> renderZones(model.current()));
    routes.resource(
        Uris.ZONE_TEMPLATE, "Zone", (params, caller) -> render(model.current(), host(params)));
    routes.post(Uris.ZONE_TEMPLATE + ADD, "Zone", ctx -> handleAction(ctx, true));
    routes.post(Uris.ZONE_TEMPLATE + REMOVE, "Zone", ctx -> handleAction(ctx, false));
    routes.patch(Uris.ZONE_TEMPLATE, "Zone", this::handlePatch);
  }

  Object renderEndpoints(ChassisState state) {
    List<String> members = new ArrayList<>();
    state.pcieHosts().forEach(h -> members.add(Uris.hostEndpoint(h.id())));
    state.slots().stream()
        .filter(Slot::occupied)
        .forEach(s -> members.add(Uris.gpuEndpoint(s.number())));
    return Collections.render(
        Schemas.ENDPOINT_COLLECTION, Uris.ENDPOINTS, "PCIe Endpoints", members);
  }

  Object renderZones(ChassisState state) {
    return Collections.render(
        Schemas.ZONE_COLLECTION,
        Uris.ZONES,
        "PCIe Zones",
        state.pcieHosts().stream().map(h -> Uris.zone(h.id())).toList());
  }

  Endpoint endpoint(Map<String, String> params) {
    ChassisState state = model.current();
    String id = params.get("EndpointId");
    Optional<HostPort> host = state.pcieHosts().stream().filter(h -> h.id().equals(id)).findFirst();
    if (host.isPresent()) {
      HostPort h = host.get();
      return base(Uris.hostEndpoint(h.id()), h.id(), "Host port " + h.id())
          .connectedEntities(
              List.of(
                  // the server cabled to the port: its system shows the UUID its companion reports
                  new ConnectedEntity()
                      .entityType(EntityType.ROOT_COMPLEX)
                      .entityRole(EntityRole.INITIATOR)
                      .entityLink(Uris.ref(Uris.system(h.id())))))
          .links(
              new EndpointLinks()
                  .ports(List.of(Uris.ref(Uris.port(h.switchId(), h.port()))))
                  .zones(List.of(Uris.ref(Uris.zone(h.id())))));
    }
    Matcher m = Pattern.compile("GPU-Slot(\\d{1,3})").matcher(id);
    Optional<Slot> slot =
        m.matches()
            ? state.slot(Integer.parseInt(m.group(1))).filter(Slot::occupied)
            : Optional.empty();
    Slot s = slot.orElseThrow(() -> RedfishErrors.notFound("Endpoint", id));
    SlotBinding binding = state.binding(s.number());
    EndpointLinks links =
        new EndpointLinks().ports(List.of(Uris.ref(Uris.port(s.switchId(), s.port()))));
    binding
        .host()
        .filter(h -> binding.state() == SlotBinding.State.BOUND)
        .ifPresent(h -> links.zones(List.of(Uris.ref(Uris.zone(h)))));
    return base(
            Uris.gpuEndpoint(s.number()),
            id,
            "GPU in slot " + s.number() + " (" + s.gpu().orElseThrow().displayName() + ")")
        .connectedEntities(
            List.of(
                new ConnectedEntity()
                    .entityType(EntityType.PROCESSOR)
                    .entityRole(EntityRole.TARGET)
                    .entityLink(Uris.ref(Uris.gpuProcessor(s.number())))))
        .links(links);
  }

  private static Endpoint base(String uri, String id, String description) {
    return new Endpoint()
        .atOdataId(uri)
        .atOdataType(Schemas.ENDPOINT.odataType())
        .id(id)
        .name(id)
        .description(description)
        .endpointProtocol(Protocol.PCIE)
        .status(new Status().state(State.ENABLED).health(Health.OK));
  }

  private HostPort host(Map<String, String> params) {
    String id = params.get("ZoneId");
    return model.current().pcieHosts().stream()
        .filter(h -> h.id().equals(id))
        .findFirst()
        .orElseThrow(() -> RedfishErrors.notFound("Zone", id));
  }

  Zone render(ChassisState state, HostPort host) {
    List<io.gpuchassis.redfish.model.OdataIdRef> endpoints = new ArrayList<>();
    endpoints.add(Uris.ref(Uris.hostEndpoint(host.id())));
    for (Slot s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      if (b.state() == SlotBinding.State.BOUND && b.host().equals(Optional.of(host.id()))) {
        endpoints.add(Uris.ref(Uris.gpuEndpoint(s.number())));
      }
    }
    String uri = Uris.zone(host.id());
    return new Zone()
        .atOdataId(uri)
        .atOdataType(Schemas.ZONE.odataType())
        .id(host.id())
        .name("Zone of " + host.id())
        .description("The GPUs bound into " + host.id() + "'s partition")
        .zoneType(ZoneType.ZONE_OF_ENDPOINTS)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .links(new ZoneLinks().endpoints(endpoints))
        .actions(
            new ZoneActions()
                .hashZoneAddEndpoint(new ActionTarget().target(uri + ADD))
                .hashZoneRemoveEndpoint(new ActionTarget().target(uri + REMOVE)));
  }

  private void handleAction(RoutingContext ctx, boolean add) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    HostPort host = host(ctx.pathParams());
    String action = add ? "Zone.AddEndpoint" : "Zone.RemoveEndpoint";
    ObjectNode body = RequestBodies.object(ctx);
    ActionParameters params =
        new ActionParameters(action, body)
            .expect(
                List.of("Endpoint"),
                add
                    ? List.of("EndpointETag", "ZoneETag")
                    : List.of("EndpointETag", "ZoneETag", "Oem"),
                Set.of());
    boolean force = !add && ForcedRemovals.requested(body, action, caller);
    String endpointUri = params.link("Endpoint");
    int slot =
        slotOf(endpointUri)
            .orElseThrow(
                () ->
                    params
                        .invalid("Endpoint")
                        .withDetail(
                            "The endpoint must be a GPU endpoint, e.g. "
                                + Uris.gpuEndpoint(1)
                                + "."));
    if (add) {
      ReservedBlocks.refuseIfHeld(reservations, caller.userName(), Set.of(slot), Set.of(host.id()));
    }
    ActionETags.check(routes, ctx, caller, endpointUri, "EndpointETag");
    ActionETags.check(routes, ctx, caller, Uris.zone(host.id()), "ZoneETag");
    // The host had not let go of the GPU: the force is what releases it, and that is recorded.
    boolean overriding = force && !model.current().binding(slot).readyToRemove();
    CompletableFuture<?> change =
        add ? bind(slot, host.id(), endpointUri) : release(slot, host.id(), endpointUri, force);
    if (overriding) {
      forced.audit(ctx, caller, endpointUri, host.id(), action);
    }
    String name =
        action + " " + Uris.gpuEndpointId(slot) + (add ? " to " : " from ") + "zone " + host.id();
    reply(ctx, name, change, host, List.of(slot));
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    HostPort host = host(ctx.pathParams());
    ObjectNode current = routes.render(Uris.zone(host.id()), caller).orElseThrow();
    Preconditions.checkIfMatch(ctx, current);
    ObjectNode body = RequestBodies.object(ctx);
    List<String> unknown = new ArrayList<>();
    body.fieldNames()
        .forEachRemaining(
            n -> {
              if (!n.equals("Links") && !n.startsWith("@odata.")) {
                unknown.add(n);
              }
            });
    if (!unknown.isEmpty()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_NOT_WRITABLE.with(unknown.get(0)).about("/" + unknown.get(0)));
    }
    JsonNode wanted = body.at("/Links/Endpoints");
    if (!wanted.isArray()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_MISSING.with("Links/Endpoints").about("/Links/Endpoints"));
    }
    Set<Integer> want = new LinkedHashSet<>();
    for (JsonNode link : wanted) {
      String uri = link.path("@odata.id").asText("");
      if (uri.equals(Uris.hostEndpoint(host.id()))) {
        continue; // the zone's own initiator stays
      }
      want.add(
          slotOf(uri)
              .orElseThrow(
                  () ->
                      RedfishErrors.of(
                          BaseMessages.PROPERTY_VALUE_INCORRECT
                              .with("Links/Endpoints", uri)
                              .about("/Links/Endpoints"))));
    }
    ChassisState state = model.current();
    Set<Integer> added = new LinkedHashSet<>(want);
    added.removeAll(HostGpus.bound(state, host.id()));
    if (!added.isEmpty()) {
      ReservedBlocks.refuseIfHeld(reservations, caller.userName(), added, Set.of(host.id()));
    }
    List<CompletableFuture<?>> changes = new ArrayList<>();
    for (Slot s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      boolean member =
          b.state() == SlotBinding.State.BOUND && b.host().equals(Optional.of(host.id()));
      if (member && !want.contains(s.number())) {
        changes.add(release(s.number(), host.id(), Uris.gpuEndpoint(s.number()), false));
      }
    }
    for (int slot : want) {
      SlotBinding b = state.binding(slot);
      if (!(b.state() == SlotBinding.State.BOUND && b.host().equals(Optional.of(host.id())))) {
        changes.add(bind(slot, host.id(), Uris.gpuEndpoint(slot)));
      }
    }
    CompletableFuture<?> all = CompletableFuture.allOf(changes.toArray(CompletableFuture[]::new));
    List<Integer> touched = new ArrayList<>(added);
    HostGpus.bound(state, host.id()).stream().filter(s -> !want.contains(s)).forEach(touched::add);
    reply(ctx, "Update of the endpoints of zone " + host.id(), all, host, touched);
  }

  private void reply(
      RoutingContext ctx,
      String name,
      CompletableFuture<?> change,
      HostPort host,
      List<Integer> slots) {
    BindingReplies.reply(
        ctx,
        tasks,
        answerWithin,
        name,
        change,
        Uris.zone(host.id()),
        () -> render(model.current(), host),
        () -> ChangeMessages.of(model.current(), slots, List.of(host.id())));
  }

  private CompletableFuture<?> bind(int slot, String host, String endpointUri) {
    try {
      return engine.bind(slot, host);
    } catch (BindingException e) {
      throw BindingErrors.of(e, endpointUri);
    }
  }

  /** Releases a GPU from this zone's host; a GPU of another zone is not this zone's to release. */
  private CompletableFuture<?> release(int slot, String host, String endpointUri, boolean force) {
    SlotBinding b = model.current().binding(slot);
    if (b.host().isPresent() && !b.host().get().equals(host)) {
      throw RedfishErrors.of(BaseMessages.PROPERTY_VALUE_INCORRECT.with("Endpoint", endpointUri))
          .withDetail(endpointUri + " is not in the zone of " + host + ".");
    }
    try {
      return engine.unbind(slot, force);
    } catch (BindingException e) {
      throw BindingErrors.of(e, endpointUri);
    }
  }

  private static Optional<Integer> slotOf(String endpointUri) {
    Matcher m = GPU_ENDPOINT.matcher(endpointUri);
    return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
  }
}
