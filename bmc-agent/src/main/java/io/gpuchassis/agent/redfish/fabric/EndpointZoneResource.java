package io.gpuchassis.agent.redfish.fabric;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.EthernetHost;
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
import io.gpuchassis.agent.redfish.core.OemSchema;
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
import io.gpuchassis.redfish.model.DurableNameFormat;
import io.gpuchassis.redfish.model.Endpoint;
import io.gpuchassis.redfish.model.EndpointIdentifier;
import io.gpuchassis.redfish.model.EndpointLinks;
import io.gpuchassis.redfish.model.EntityRole;
import io.gpuchassis.redfish.model.EntityType;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.IPTransportDetails;
import io.gpuchassis.redfish.model.IPv4Address;
import io.gpuchassis.redfish.model.IPv6Address;
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

  /**
   * Which fabric a view serves: the PCIe fabric (its hosts cabled to switch ports, every occupied
   * slot) or the RoCE fabric (the Ethernet hosts, the occupied slots with an ExpEther I/O engine).
   * The two share the zone actions and PATCH, so both bind through the same engine calls.
   */
  public enum Fabric {
    PCIE(
        Uris.ENDPOINTS,
        Uris.ZONES,
        Uris.CONNECTIONS,
        Uris.ENDPOINT_TEMPLATE,
        Uris.ZONE_TEMPLATE,
        Uris.CONNECTION_TEMPLATE,
        Uris.FABRIC_ID),
    ROCE(
        Uris.ROCE_ENDPOINTS,
        Uris.ROCE_ZONES,
        Uris.ROCE_CONNECTIONS,
        Uris.ROCE_ENDPOINT_TEMPLATE,
        Uris.ROCE_ZONE_TEMPLATE,
        Uris.ROCE_CONNECTION_TEMPLATE,
        Uris.ROCE_FABRIC_ID);

    final String endpoints;
    final String zones;
    final String connections;
    final String endpointTemplate;
    final String zoneTemplate;
    final String connectionTemplate;
    final String label;
    final Pattern gpuEndpoint;

    Fabric(
        String endpoints,
        String zones,
        String connections,
        String endpointTemplate,
        String zoneTemplate,
        String connectionTemplate,
        String label) {
      this.endpoints = endpoints;
      this.zones = zones;
      this.connections = connections;
      this.endpointTemplate = endpointTemplate;
      this.zoneTemplate = zoneTemplate;
      this.connectionTemplate = connectionTemplate;
      this.label = label;
      this.gpuEndpoint = Pattern.compile(Pattern.quote(endpoints) + "/GPU-Slot(\\d{1,3})/?");
    }

    /** The fabric's Id: {@code PCIe} or {@code RoCE}. */
    public String id() {
      return label;
    }

    public String connection(String hostId) {
      return connections + "/" + hostId;
    }

    /** The hosts of this fabric. */
    public List<HostPort> hosts(ChassisState state) {
      return this == PCIE
          ? state.pcieHosts()
          : state.hosts().stream().filter(HostPort::overEthernet).toList();
    }

    /** The slots whose GPU this fabric reaches: occupied ones, behind an I/O engine for RoCE. */
    public boolean reaches(Slot s) {
      return s.occupied() && (this == PCIE || s.expetherEngine().isPresent());
    }

    public String hostEndpoint(String hostId) {
      return endpoints + "/" + hostId;
    }

    public String gpuEndpoint(int slot) {
      return endpoints + "/" + Uris.gpuEndpointId(slot);
    }

    public String zone(String hostId) {
      return zones + "/" + hostId;
    }
  }

  /** The UDP port of RoCEv2 (IANA). */
  static final int ROCEV2_PORT = 4791;

  private final Fabric fabric;

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
    this(Fabric.PCIE, model, engine, tasks, answerWithin, reservations, forced);
  }

  public EndpointZoneResource(
      Fabric fabric,
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      Reservations reservations,
      ForcedRemovals forced) {
    this.fabric = fabric;
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
        fabric.endpoints,
        "EndpointCollection",
        (params, caller) -> renderEndpoints(present(model.current())));
    routes.resource(fabric.endpointTemplate, "Endpoint", (params, caller) -> endpoint(params));
    routes.resource(
        fabric.zones, "ZoneCollection", (params, caller) -> renderZones(present(model.current())));
    routes.resource(
        fabric.zoneTemplate, "Zone", (params, caller) -> render(model.current(), host(params)));
    routes.post(fabric.zoneTemplate + ADD, "Zone", ctx -> handleAction(ctx, true));
    routes.post(fabric.zoneTemplate + REMOVE, "Zone", ctx -> handleAction(ctx, false));
    routes.patch(fabric.zoneTemplate, "Zone", this::handlePatch);
  }

  /** The state, when this fabric exists on the board: the RoCE fabric needs an Ethernet host. */
  private ChassisState present(ChassisState state) {
    if (fabric == Fabric.ROCE && fabric.hosts(state).isEmpty()) {
      throw RedfishErrors.notFound("Fabric", Uris.ROCE_FABRIC_ID);
    }
    return state;
  }

  Object renderEndpoints(ChassisState state) {
    List<String> members = new ArrayList<>();
    fabric.hosts(state).forEach(h -> members.add(fabric.hostEndpoint(h.id())));
    state.slots().stream()
        .filter(fabric::reaches)
        .forEach(s -> members.add(fabric.gpuEndpoint(s.number())));
    return Collections.render(
        Schemas.ENDPOINT_COLLECTION, fabric.endpoints, fabric.label + " Endpoints", members);
  }

  Object renderZones(ChassisState state) {
    return Collections.render(
        Schemas.ZONE_COLLECTION,
        fabric.zones,
        fabric.label + " Zones",
        fabric.hosts(state).stream().map(h -> fabric.zone(h.id())).toList());
  }

  Endpoint endpoint(Map<String, String> params) {
    ChassisState state = model.current();
    String id = params.get("EndpointId");
    Optional<HostPort> host =
        fabric.hosts(state).stream().filter(h -> h.id().equals(id)).findFirst();
    if (host.isPresent() && fabric == Fabric.ROCE) {
      return roceHost(host.get());
    }
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
    Slot s = slot.filter(fabric::reaches).orElseThrow(() -> RedfishErrors.notFound("Endpoint", id));
    SlotBinding binding = state.binding(s.number());
    EndpointLinks links = new EndpointLinks();
    if (fabric == Fabric.PCIE) {
      links.ports(List.of(Uris.ref(Uris.port(s.switchId(), s.port()))));
    }
    binding
        .host()
        .filter(h -> binding.state() == SlotBinding.State.BOUND)
        .filter(h -> fabric.hosts(state).stream().anyMatch(p -> p.id().equals(h)))
        .ifPresent(h -> links.zones(List.of(Uris.ref(fabric.zone(h)))));
    return base(
            fabric.gpuEndpoint(s.number()),
            id,
            "GPU in slot "
                + s.number()
                + " ("
                + s.gpu().orElseThrow().displayName()
                + ")"
                + s.expetherEngine()
                    .filter(e -> fabric == Fabric.ROCE)
                    .map(e -> ", behind ExpEther I/O engine " + e)
                    .orElse(""))
        .connectedEntities(
            List.of(
                new ConnectedEntity()
                    .entityType(EntityType.PROCESSOR)
                    .entityRole(EntityRole.TARGET)
                    .entityLink(Uris.ref(Uris.gpuProcessor(s.number())))))
        .links(links);
  }

  /**
   * An Ethernet host: its server's MAC and IP address on the fabric, RoCEv2's UDP port, and (in the
   * OEM object, DMTF having no GID format) the RoCEv2 GID its IP address gives.
   */
  private Endpoint roceHost(HostPort h) {
    EthernetHost eth = h.ethernet().orElseThrow();
    IPTransportDetails transport =
        new IPTransportDetails().transportProtocol(Protocol.RO_CEV2).port(ROCEV2_PORT);
    if (RoceGid.isIpv4(eth.ipAddress())) {
      transport.ipv4Address(new IPv4Address().address(eth.ipAddress()));
    } else {
      transport.ipv6Address(new IPv6Address().address(eth.ipAddress()));
    }
    return base(
            fabric.hostEndpoint(h.id()),
            h.id(),
            "Ethernet host " + h.id() + " (ExpEther host engine " + eth.engine() + ")")
        .connectedEntities(
            List.of(
                // the ExpEther host engine is a PCIe device in the server: the GPUs appear under
                // its root complex, as behind a PCIe host port
                new ConnectedEntity()
                    .entityType(EntityType.ROOT_COMPLEX)
                    .entityRole(EntityRole.INITIATOR)
                    .entityLink(Uris.ref(Uris.system(h.id())))))
        .identifiers(
            List.of(
                new EndpointIdentifier()
                    .durableName(eth.macAddress())
                    .durableNameFormat(DurableNameFormat.MAC_ADDRESS)))
        .ipTransportDetails(List.of(transport))
        .links(
            new EndpointLinks()
                .zones(List.of(Uris.ref(fabric.zone(h.id()))))
                .addressPools(List.of(Uris.ref(Uris.ROCE_ADDRESS_POOL))))
        .oem(OemSchema.oem(OemSchema.ENDPOINT, roceHostOem(eth)));
  }

  /** The GID (DMTF has no format for it) and, where the board gives one, the VLAN. */
  private static Map<String, Object> roceHostOem(EthernetHost eth) {
    Map<String, Object> oem = new java.util.LinkedHashMap<>();
    oem.put("GID", RoceGid.of(eth.ipAddress()));
    eth.vlan().ifPresent(v -> oem.put("VLAN", v));
    return oem;
  }

  private Endpoint base(String uri, String id, String description) {
    return new Endpoint()
        .atOdataId(uri)
        .atOdataType(Schemas.ENDPOINT.odataType())
        .id(id)
        .name(id)
        .description(description)
        .endpointProtocol(fabric == Fabric.PCIE ? Protocol.PCIE : Protocol.RO_CEV2)
        .status(new Status().state(State.ENABLED).health(Health.OK));
  }

  private HostPort host(Map<String, String> params) {
    String id = params.get("ZoneId");
    return fabric.hosts(model.current()).stream()
        .filter(h -> h.id().equals(id))
        .findFirst()
        .orElseThrow(() -> RedfishErrors.notFound("Zone", id));
  }

  Zone render(ChassisState state, HostPort host) {
    List<io.gpuchassis.redfish.model.OdataIdRef> endpoints = new ArrayList<>();
    endpoints.add(Uris.ref(fabric.hostEndpoint(host.id())));
    for (Slot s : state.slots()) {
      SlotBinding b = state.binding(s.number());
      if (b.state() == SlotBinding.State.BOUND && b.host().equals(Optional.of(host.id()))) {
        endpoints.add(Uris.ref(fabric.gpuEndpoint(s.number())));
      }
    }
    String uri = fabric.zone(host.id());
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
                                + fabric.gpuEndpoint(1)
                                + "."));
    if (add) {
      ReservedBlocks.refuseIfHeld(reservations, caller.userName(), Set.of(slot), Set.of(host.id()));
    }
    ActionETags.check(routes, ctx, caller, endpointUri, "EndpointETag");
    ActionETags.check(routes, ctx, caller, fabric.zone(host.id()), "ZoneETag");
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
    ObjectNode current = routes.render(fabric.zone(host.id()), caller).orElseThrow();
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
      if (uri.equals(fabric.hostEndpoint(host.id()))) {
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
        changes.add(release(s.number(), host.id(), fabric.gpuEndpoint(s.number()), false));
      }
    }
    for (int slot : want) {
      SlotBinding b = state.binding(slot);
      if (!(b.state() == SlotBinding.State.BOUND && b.host().equals(Optional.of(host.id())))) {
        changes.add(bind(slot, host.id(), fabric.gpuEndpoint(slot)));
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
        fabric.zone(host.id()),
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

  private Optional<Integer> slotOf(String endpointUri) {
    Matcher m = fabric.gpuEndpoint.matcher(endpointUri);
    return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
  }
}
