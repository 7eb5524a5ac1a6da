package io.gpuchassis.agent.redfish.fabric;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostPort;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.compose.Change;
import io.gpuchassis.agent.compose.ChangeException;
import io.gpuchassis.agent.compose.ChangeSet;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.redfish.composition.BindingErrors;
import io.gpuchassis.agent.redfish.composition.CompositionReplies;
import io.gpuchassis.agent.redfish.composition.ReservedBlocks;
import io.gpuchassis.agent.redfish.core.ChangeMessages;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.redfish.fabric.EndpointZoneResource.Fabric;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.FabricMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Connection;
import io.gpuchassis.redfish.model.ConnectionLinks;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code Fabrics/PCIe/Connections} and {@code Fabrics/RoCE/Connections}: the binding engine's state
 * seen as Connections, a second view beside each fabric's Zones (the one the OpenFabrics Sunfish
 * framework's fabric model uses). There is one Connection per host of the fabric that has GPUs,
 * named as the host: its initiator is the host's endpoint, its targets the GPUs' endpoints. A
 * {@code POST} gives a host with no GPUs the GPUs it names, a {@code PATCH} of {@code
 * Links.TargetEndpoints} makes the host's GPUs the ones listed, a {@code DELETE} releases them all;
 * each all or nothing ({@link ChangeSet}), answered as the Zones and Systems are: with the result
 * within {@code composition.answerWithin}, else 202 and a task.
 */
public final class ConnectionResource {

  private final Fabric fabric;
  private final ChassisModel model;
  private final TaskRegistry tasks;
  private final Duration answerWithin;
  private final Reservations reservations;
  private final ChangeSet changes;
  private final BindingEngine engine;
  private final int createdStatus;
  private RedfishRoutes routes;

  /**
   * @param createdStatus what a create done within the window answers: DSP0266's 201, or 200 for a
   *     Sunfish core, which counts a forwarded POST as done only on 200
   */
  public ConnectionResource(
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      Duration answerWithin,
      Reservations reservations,
      int createdStatus) {
    this(Fabric.PCIE, model, engine, tasks, answerWithin, reservations, createdStatus);
  }

  public ConnectionResource(
      Fabric fabric,
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      Duration answerWithin,
      Reservations reservations,
      int createdStatus) {
    this.fabric = fabric;
    this.model = model;
    this.engine = engine;
    this.tasks = tasks;
    this.answerWithin = answerWithin;
    this.reservations = reservations;
    this.changes = new ChangeSet(model, engine);
    this.createdStatus = createdStatus;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(
        fabric.connections,
        "ConnectionCollection",
        (params, caller) -> collection(present(model.current()), fabric));
    routes.post(fabric.connections, "ConnectionCollection", this::create);
    routes.resource(
        fabric.connectionTemplate,
        "Connection",
        (params, caller) -> {
          ChassisState state = model.current();
          return render(state, connected(state, params), fabric);
        });
    routes.patch(fabric.connectionTemplate, "Connection", this::update);
    routes.delete(fabric.connectionTemplate, "Connection", this::remove);
  }

  /** The state, when this fabric exists on the board: the RoCE fabric needs an Ethernet host. */
  private ChassisState present(ChassisState state) {
    if (fabric == Fabric.ROCE && fabric.hosts(state).isEmpty()) {
      throw RedfishErrors.notFound("Fabric", fabric.id());
    }
    return state;
  }

  static Object collection(ChassisState state) {
    return collection(state, Fabric.PCIE);
  }

  static Object collection(ChassisState state, Fabric fabric) {
    return Collections.render(
        Schemas.CONNECTION_COLLECTION,
        fabric.connections,
        fabric.label + " Connections",
        fabric.hosts(state).stream()
            .filter(h -> !HostGpus.bound(state, h.id()).isEmpty())
            .map(h -> fabric.connection(h.id()))
            .toList());
  }

  static Connection render(ChassisState state, HostPort host) {
    return render(state, host, Fabric.PCIE);
  }

  static Connection render(ChassisState state, HostPort host, Fabric fabric) {
    return new Connection()
        .atOdataId(fabric.connection(host.id()))
        .atOdataType(Schemas.CONNECTION.odataType())
        .id(host.id())
        .name("Connection of " + host.id())
        .description(
            (fabric == Fabric.ROCE
                    ? "The GPUs whose I/O engines are in " + host.id() + "'s ExpEther group"
                    : "The GPUs bound into " + host.id() + "'s partition")
                + ": the same bindings as "
                + fabric.zone(host.id()))
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .links(
            new ConnectionLinks()
                .initiatorEndpoints(List.of(Uris.ref(fabric.hostEndpoint(host.id()))))
                .targetEndpoints(
                    HostGpus.bound(state, host.id()).stream()
                        .map(s -> Uris.ref(fabric.gpuEndpoint(s)))
                        .toList()));
  }

  /** The host of {@code ConnectionId}, when it has GPUs (else it has no Connection). */
  private HostPort connected(ChassisState state, Map<String, String> params) {
    String id = params.get("ConnectionId");
    return fabric.hosts(state).stream()
        .filter(h -> h.id().equals(id) && !HostGpus.bound(state, id).isEmpty())
        .findFirst()
        .orElseThrow(() -> RedfishErrors.notFound("Connection", id));
  }

  /** POST: the host named as initiator, which has no GPUs yet, gets the GPUs named as targets. */
  private void create(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ChassisState state = present(model.current());
    ConnectionRequests.Create wanted =
        ConnectionRequests.create(RequestBodies.object(ctx), state, fabric);
    HostPort host = wanted.host();
    String uri = fabric.connection(host.id());
    if (!HostGpus.bound(state, host.id()).isEmpty()) {
      throw RedfishErrors.of(
              BaseMessages.RESOURCE_ALREADY_EXISTS
                  .with("Connection", "Links/InitiatorEndpoints", fabric.hostEndpoint(host.id()))
                  .about("/Links/InitiatorEndpoints"))
          .withDetail(
              host.id() + " has GPUs already: PATCH Links.TargetEndpoints of " + uri + " instead.");
    }
    ReservedBlocks.refuseIfHeld(reservations, caller.userName(), wanted.slots(), Set.of(host.id()));
    List<Change> binds = new ArrayList<>();
    wanted.slots().forEach(s -> binds.add(new Change.Bind(s, host.id())));
    CompositionReplies.reply(
        ctx,
        tasks,
        answerWithin,
        "Connection of " + binds.size() + " GPUs to " + host.id(),
        apply(binds),
        createdStatus,
        Optional.of(uri),
        () -> render(model.current(), host, fabric),
        messages(binds, FabricMessages.CONNECTION_CREATED.with(host.id(), fabric.id())));
  }

  /** PATCH {@code Links.TargetEndpoints}: the host's GPUs become the ones listed. */
  private void update(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ChassisState state = model.current();
    HostPort host = connected(state, ctx.pathParams());
    ObjectNode shown = routes.render(fabric.connection(host.id()), caller).orElseThrow();
    Preconditions.checkIfMatch(ctx, shown);
    Set<Integer> wanted =
        ConnectionRequests.update(RequestBodies.object(ctx), shown, state, host, fabric);
    List<Integer> has = HostGpus.bound(state, host.id());
    List<Change> steps = new ArrayList<>();
    has.stream()
        .filter(s -> !wanted.contains(s))
        .forEach(s -> steps.add(new Change.Release(s, host.id())));
    List<Integer> added = wanted.stream().filter(s -> !has.contains(s)).toList();
    added.forEach(s -> steps.add(new Change.Bind(s, host.id())));
    if (!added.isEmpty()) {
      ReservedBlocks.refuseIfHeld(
          reservations, caller.userName(), Set.copyOf(added), Set.of(host.id()));
    }
    CompositionReplies.reply(
        ctx,
        tasks,
        answerWithin,
        "Update of the targets of connection " + host.id(),
        apply(steps),
        200,
        Optional.empty(),
        () -> render(model.current(), host, fabric),
        messages(steps, FabricMessages.CONNECTION_MODIFIED.with(host.id(), fabric.id())));
  }

  /** DELETE: every GPU of the host is released, all or nothing; the Connection is then gone. */
  private void remove(RoutingContext ctx) {
    ChassisState state = model.current();
    HostPort host = connected(state, ctx.pathParams());
    String uri = fabric.connection(host.id());
    List<Integer> slots;
    try {
      slots = HostGpus.releaseAll(state, host.id(), engine.releaseRule());
    } catch (BindingException e) {
      throw BindingErrors.of(e, uri);
    }
    List<Change> releases = new ArrayList<>();
    slots.forEach(s -> releases.add(new Change.Release(s, host.id())));
    CompositionReplies.reply(
        ctx,
        tasks,
        answerWithin,
        "Removal of connection " + host.id(),
        apply(releases),
        200,
        Optional.empty(),
        () -> {
          ObjectNode done = io.gpuchassis.redfish.json.RedfishJson.mapper().createObjectNode();
          done.putArray("@Message.ExtendedInfo")
              .add(RedfishResponses.message(BaseMessages.SUCCESS.with()));
          return done;
        },
        messages(releases, FabricMessages.CONNECTION_REMOVED.with(host.id(), fabric.id())));
  }

  /** The steps' messages, read once they are done, and the Connection's own. */
  private java.util.function.Supplier<List<MessageInstance>> messages(
      List<Change> steps, MessageInstance connection) {
    return () -> {
      List<MessageInstance> all = new ArrayList<>(ChangeMessages.of(model.current(), steps));
      all.add(connection);
      return all;
    };
  }

  /**
   * Starts {@code steps} all or nothing; a refusal, now or once under way, is the Redfish error of
   * the GPU endpoint whose change could not be made.
   */
  private CompletableFuture<Void> apply(List<Change> steps) {
    try {
      return changes.apply(steps).exceptionallyCompose(e -> CompletableFuture.failedFuture(why(e)));
    } catch (ChangeException e) {
      throw why(e);
    }
  }

  private RuntimeException why(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof ChangeException e) {
      return BindingErrors.of(e.reason(), fabric.gpuEndpoint(e.change().slot()))
          .withDetail(e.getMessage() + "; every change made before it was undone");
    }
    return cause instanceof RuntimeException r ? r : new CompletionException(cause);
  }
}
