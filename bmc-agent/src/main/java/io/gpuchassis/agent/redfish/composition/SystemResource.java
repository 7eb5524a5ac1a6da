package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.compose.Change;
import io.gpuchassis.agent.compose.ChangeException;
import io.gpuchassis.agent.compose.ChangeSet;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.compose.HotPlugWindow;
import io.gpuchassis.agent.compose.Placement;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.host.HostReports;
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
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.model.ActionTarget;
import io.gpuchassis.redfish.model.Boot;
import io.gpuchassis.redfish.model.Capability;
import io.gpuchassis.redfish.model.CollectionCapabilities;
import io.gpuchassis.redfish.model.CollectionCapabilitiesLinks;
import io.gpuchassis.redfish.model.Composition;
import io.gpuchassis.redfish.model.CompositionUseCase;
import io.gpuchassis.redfish.model.ComputerSystem;
import io.gpuchassis.redfish.model.ComputerSystemActions;
import io.gpuchassis.redfish.model.ComputerSystemLinks;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.SystemType;
import io.gpuchassis.redfish.model.UseCase;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * {@code /redfish/v1/Systems[/{host}]}: one ComputerSystem per host port, an expandable system
 * (DSP0266's model for an existing server that gains resource blocks; its host resource block
 * registers it): GPUs join it by {@code ComputerSystem.AddResourceBlock}, or all at once by
 * composition ({@code POST /Systems} naming the host block with GPU blocks, or with a Processors
 * request, see {@link SystemRequests}) or a {@code PATCH} of {@code Links.ResourceBlocks}, and
 * leave it by {@code ComputerSystem.RemoveResourceBlock} or that PATCH, each through the {@link
 * BindingEngine}. The system itself is the cabled server: DELETE is not allowed (DSP2050 tells an
 * expandable system by an Allow without DELETE) and its 405 names the ways to release.
 */
public final class SystemResource {

  static final String ADD = "/Actions/ComputerSystem.AddResourceBlock";
  static final String REMOVE = "/Actions/ComputerSystem.RemoveResourceBlock";

  /** The answer to a DELETE of a host: what gives its GPUs back instead. */
  static final String RELEASE_INSTEAD =
      "A host is an expandable system, the server cabled to the chassis: it cannot be deleted."
          + " To give its GPUs back, PATCH its Links.ResourceBlocks to [] (or to its own resource"
          + " block alone), or POST ComputerSystem.RemoveResourceBlock for each GPU block.";

  private final ChassisModel model;
  private final BindingEngine engine;
  private final TaskRegistry tasks;
  private final Reservations reservations;
  private final SystemRequests requests;
  private final ChangeSet changes;
  private final ForcedRemovals forced;
  private final java.time.Duration answerWithin;
  private final FabricHealth health;
  private final HostReports reports;
  private RedfishRoutes routes;

  public SystemResource(
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      Reservations reservations,
      Placement placement,
      ForcedRemovals forced,
      FabricHealth health,
      HostReports reports) {
    this.reports = reports;
    this.answerWithin = answerWithin;
    this.forced = forced;
    this.health = health;
    this.model = model;
    this.engine = engine;
    this.tasks = tasks;
    this.reservations = reservations;
    this.requests = new SystemRequests(placement, reservations);
    this.changes = new ChangeSet(model, engine);
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    String member = Uris.SYSTEM_TEMPLATE;
    routes.resource(
        Uris.SYSTEMS, "ComputerSystemCollection", (params, caller) -> collection(model.current()));
    routes.post(Uris.SYSTEMS, "ComputerSystemCollection", this::compose);
    // Before the member template, so that these two names are not taken for hosts.
    routes.resource(
        Uris.SYSTEM_CAPABILITIES,
        "ComputerSystem",
        (params, caller) -> SystemCapabilities.specific(model.current()));
    routes.resource(
        Uris.CONSTRAINED_CAPABILITIES,
        "ComputerSystem",
        (params, caller) -> SystemCapabilities.constrained(model.current()));
    routes.resource(
        member,
        "ComputerSystem",
        (params, caller) -> render(model.current(), host(params), health, reports));
    routes.post(member + ADD, "ComputerSystem", ctx -> handleAction(ctx, true));
    routes.post(member + REMOVE, "ComputerSystem", ctx -> handleAction(ctx, false));
    routes.patch(member, "ComputerSystem", this::handlePatch);
    // DSP2050: an expandable system is told by an Allow without DELETE; it is changed, not
    // deleted. A composer that tries gets the ways that exist.
    routes.notAllowed(HttpMethod.DELETE, member, RELEASE_INSTEAD);
  }

  /**
   * {@code PATCH Links.ResourceBlocks}: the host is an expandable system (DSP2050), changed to have
   * exactly the GPU blocks listed, all or nothing ({@link SystemLinksPatch}, {@link ChangeSet}).
   */
  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    HostPort host = host(ctx.pathParams());
    ObjectNode shown = routes.render(Uris.system(host.id()), caller).orElseThrow();
    Preconditions.checkIfMatch(ctx, shown);
    ChassisState state = model.current();
    List<Change> wanted = SystemLinksPatch.changes(RequestBodies.object(ctx), shown, state, host);
    Set<Integer> added = new java.util.LinkedHashSet<>();
    wanted.stream().filter(c -> c instanceof Change.Bind).forEach(c -> added.add(c.slot()));
    if (!added.isEmpty()) {
      ReservedBlocks.refuseIfHeld(reservations, caller.userName(), added, Set.of(host.id()));
    }
    CompletableFuture<Void> done = apply(wanted);
    CompositionReplies.reply(
        ctx,
        tasks,
        answerWithin,
        "Update of the resource blocks of " + host.id(),
        done,
        200,
        Optional.empty(),
        () -> render(model.current(), host, health, reports),
        () -> ChangeMessages.of(model.current(), wanted));
  }

  private HostPort host(Map<String, String> params) {
    String id = params.get("SystemId");
    return model.current().hosts().stream()
        .filter(h -> h.id().equals(id))
        .findFirst()
        .orElseThrow(() -> RedfishErrors.notFound("ComputerSystem", id));
  }

  /**
   * The system of {@code host}: its health is its host port's link ({@code health}), the one thing
   * the chassis knows of it; the server's own health is its own BMC's. Its {@code UUID} is the one
   * the server's host companion reported ({@code reports}), absent until it does.
   */
  static ComputerSystem render(
      ChassisState state, HostPort host, FabricHealth health, HostReports reports) {
    String uri = Uris.system(host.id());
    List<Integer> gpus = HostGpus.bound(state, host.id());
    String chassisId = state.identity().id();
    List<String> blocks = new ArrayList<>();
    blocks.add(Uris.hostResourceBlock(host.id()));
    gpus.forEach(s -> blocks.add(Uris.resourceBlock(s)));
    ComputerSystem system =
        new ComputerSystem()
            .atOdataId(uri)
            .atOdataType(Schemas.COMPUTER_SYSTEM.odataType())
            .id(host.id())
            .name(host.id())
            .description(
                host.overEthernet()
                    ? "The server reached over Ethernet through ExpEther host engine "
                        + host.ethernet().orElseThrow().engine()
                        + "; GPUs of slots with an ExpEther I/O engine are added with"
                        + " ComputerSystem.AddResourceBlock or a PATCH of Links.ResourceBlocks"
                    : "The server cabled to host port "
                        + host.port()
                        + " of switch "
                        + host.switchId()
                        + "; GPUs are added with ComputerSystem.AddResourceBlock or a PATCH of Links.ResourceBlocks, those of other switch chips over inter-switch"
                        + " links")
            // A real server that exists without us; we expand it, we did not compose it.
            .systemType(SystemType.PHYSICAL)
            .composition(new Composition().useCases(List.of(CompositionUseCase.EXPANDABLE_SYSTEM)))
            // Only the host port is known here, not the server's power or health.
            // An Ethernet host's link is its own engine's, which the agent does not watch: its
            // health is left out rather than said OK
            .status(
                new Status()
                    .state(State.ENABLED)
                    .health(
                        host.overEthernet()
                            ? null
                            : WiredPort.find(state, host.switchId(), host.port())
                                .map(port -> health.ofPort(state, port))
                                .orElse(Health.OK)))
            // The server's boot is its own firmware's and its own BMC's, not ours: an empty Boot
            // says no property of it
            // is known here (PowerState is left out for the same reason). sushy's System model
            // requires the object.
            .boot(new Boot())
            .pcIeDevices(gpus.stream().map(s -> Uris.ref(Uris.pcieDevice(chassisId, s))).toList())
            .processors(Uris.ref(uri + "/Processors"))
            .links(
                new ComputerSystemLinks()
                    .resourceBlocks(blocks.stream().map(Uris::ref).toList())
                    .chassis(List.of(Uris.ref(Uris.chassis(chassisId))))
                    .managedBy(List.of(Uris.ref(Uris.manager()))))
            .actions(
                new ComputerSystemActions()
                    .hashComputerSystemAddResourceBlock(new ActionTarget().target(uri + ADD))
                    .hashComputerSystemRemoveResourceBlock(new ActionTarget().target(uri + REMOVE))
                    .oem(
                        Map.of(
                            OemSchema.action(OemSchema.HOST_REPORT),
                            Map.of("target", uri + HostReportAction.PATH))));
    reports.identity(host.id()).ifPresent(i -> system.UUID(i.systemUuid().toString()));
    Map<String, Object> oem = new LinkedHashMap<>();
    // How the orchestrator's GPUs will talk: inside one switch chip, or across inter-switch links.
    Placement.describe(state, host.id(), gpus)
        .ifPresent(paths -> oem.putAll(SystemRequests.peerPathProperties(paths)));
    // The room the host has for its GPUs' BARs, and whose figure the admission check takes
    HotPlugWindow.of(host, reports)
        .ifPresent(
            w -> {
              oem.put("HotPlugWindowMiB", w.mib());
              oem.put("HotPlugWindowSource", w.source().redfishName());
            });
    if (!oem.isEmpty()) {
      system.oem(OemSchema.oem(OemSchema.COMPUTER_SYSTEM, oem));
    }
    return system;
  }

  static ResourceCollection collection(ChassisState state) {
    List<io.gpuchassis.redfish.model.OdataIdRef> zones =
        state.switches().stream().map(s -> Uris.ref(Uris.resourceZone(s.id()))).toList();
    return Collections.render(
            Schemas.COMPUTER_SYSTEM_COLLECTION,
            Uris.SYSTEMS,
            "Computer Systems",
            state.hosts().stream().map(h -> Uris.system(h.id())).toList())
        .atRedfishCollectionCapabilities(
            new CollectionCapabilities()
                .atOdataType("#CollectionCapabilities.v1_4_1.CollectionCapabilities")
                .capabilities(
                    List.of(
                        capability(
                            Uris.SYSTEM_CAPABILITIES, UseCase.COMPUTER_SYSTEM_COMPOSITION, zones),
                        capability(
                            Uris.CONSTRAINED_CAPABILITIES,
                            UseCase.COMPUTER_SYSTEM_CONSTRAINED_COMPOSITION,
                            zones))));
  }

  private static Capability capability(
      String object, UseCase useCase, List<io.gpuchassis.redfish.model.OdataIdRef> zones) {
    return new Capability()
        .capabilitiesObject(Uris.ref(object))
        .useCase(useCase)
        .links(
            new CollectionCapabilitiesLinks()
                .targetCollection(Uris.ref(Uris.SYSTEMS))
                .relatedItem(zones));
  }

  private void handleAction(RoutingContext ctx, boolean add) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    HostPort host = host(ctx.pathParams());
    String action = add ? "ComputerSystem.AddResourceBlock" : "ComputerSystem.RemoveResourceBlock";
    ObjectNode body = RequestBodies.object(ctx);
    ActionParameters params =
        new ActionParameters(action, body)
            .expect(
                List.of("ResourceBlock"),
                add
                    ? List.of("ResourceBlockETag", "ComputerSystemETag")
                    : List.of("ResourceBlockETag", "ComputerSystemETag", "Oem"),
                Set.of());
    boolean force = !add && ForcedRemovals.requested(body, action, caller);
    String blockUri = params.link("ResourceBlock");
    int slot =
        ResourceBlockResource.slotOf(model.current(), blockUri)
            .orElseThrow(
                () ->
                    RedfishErrors.of(
                            CompositionMessages.RESOURCE_BLOCK_NOT_FOUND
                                .with(blockUri)
                                .about("/ResourceBlock"))
                        .withDetail(
                            "A resource block is a GPU, e.g. " + Uris.resourceBlock(1) + "."));
    if (add) {
      ReservedBlocks.refuseIfHeld(reservations, caller.userName(), Set.of(slot), Set.of(host.id()));
    }
    ActionETags.check(routes, ctx, caller, blockUri, "ResourceBlockETag");
    ActionETags.check(routes, ctx, caller, Uris.system(host.id()), "ComputerSystemETag");
    // The host had not let go of the GPU: the force is what releases it, and that is recorded.
    boolean overriding = force && !model.current().binding(slot).readyToRemove();
    CompletableFuture<?> change =
        add ? bind(slot, host.id(), blockUri) : release(slot, host.id(), blockUri, force);
    if (overriding) {
      forced.audit(ctx, caller, blockUri, host.id(), action);
    }
    BindingReplies.reply(
        ctx,
        tasks,
        answerWithin,
        action + " " + blockUri + " on " + host.id(),
        change,
        blockUri,
        () -> render(model.current(), host, health, reports),
        () -> ChangeMessages.of(model.current(), List.of(slot), List.of(host.id())));
  }

  private CompletableFuture<?> bind(int slot, String host, String blockUri) {
    try {
      return engine.bind(slot, host);
    } catch (BindingException e) {
      throw BindingErrors.of(e, blockUri);
    }
  }

  /** Releases a GPU of this system; a GPU of another system is not this one's to release. */
  private CompletableFuture<?> release(int slot, String host, String blockUri, boolean force) {
    SlotBinding b = model.current().binding(slot);
    if (b.host().isPresent() && !b.host().get().equals(host)) {
      throw RedfishErrors.of(
              BaseMessages.ACTION_PARAMETER_VALUE_ERROR
                  .with("ResourceBlock", "ComputerSystem.RemoveResourceBlock")
                  .about("/ResourceBlock"))
          .withDetail(blockUri + " is not a resource block of " + host + ".");
    }
    try {
      return engine.unbind(slot, force);
    } catch (BindingException e) {
      throw BindingErrors.of(e, blockUri);
    }
  }

  /**
   * {@code POST /Systems}: composes GPUs into a host that has none, all or nothing (specific or
   * constrained, see {@link SystemRequests}). The system exists already (it is the cabled host), so
   * the answer is its URI with 201.
   */
  private void compose(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    SystemRequests.SystemPlan plan =
        requests.plan(
            RequestBodies.object(ctx), model.current(), caller.userName(), Set.of(), Set.of());
    HostPort host = plan.host();
    String uri = Uris.system(host.id());
    CompletableFuture<Void> done = apply(plan.changes());
    CompositionReplies.reply(
        ctx,
        tasks,
        answerWithin,
        "Composition of " + plan.slots().size() + " GPUs into " + host.id(),
        done,
        201,
        Optional.of(uri),
        () -> render(model.current(), host, health, reports),
        () -> ChangeMessages.of(model.current(), plan.changes()));
  }

  /** Starts {@code wanted} all or nothing; a refusal is the Redfish error of its first change. */
  private CompletableFuture<Void> apply(List<Change> wanted) {
    try {
      return changes.apply(wanted);
    } catch (ChangeException e) {
      throw CompositionReplies.reason(e);
    }
  }
}
