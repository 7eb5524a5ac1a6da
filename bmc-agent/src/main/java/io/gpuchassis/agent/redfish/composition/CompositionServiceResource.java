package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.Placement;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.ActionInfo;
import io.gpuchassis.redfish.model.ActionInfoParameters;
import io.gpuchassis.redfish.model.ActionTarget;
import io.gpuchassis.redfish.model.CompositionService;
import io.gpuchassis.redfish.model.CompositionServiceActions;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.ParameterTypes;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

/**
 * {@code /redfish/v1/CompositionService}: the composition view of the binding engine. GPUs and
 * hosts are resource blocks; the hosts are expandable computer systems that gain GPUs by
 * composition (POST /Systems, the Compose action) or AddResourceBlock. {@code ReservationDuration}
 * (how long a PreviewReserve holds its blocks) is writable.
 */
public final class CompositionServiceResource {

  private static final Set<String> READ_ONLY =
      Set.of(
          "Id",
          "Name",
          "Description",
          "ServiceEnabled",
          "Status",
          "AllowOverprovisioning",
          "AllowZoneAffinity",
          "ResourceBlocks",
          "ResourceZones",
          "ActivePool",
          "FreePool",
          "CompositionReservations",
          "Actions");

  private final Vertx vertx;
  private final Reservations reservations;
  private final ComposeAction compose;
  private final CompositionReservationResource reservationResource;
  private RedfishRoutes routes;

  public CompositionServiceResource(
      Vertx vertx,
      ChassisModel model,
      BindingEngine engine,
      TaskRegistry tasks,
      java.time.Duration answerWithin,
      Reservations reservations,
      Placement placement,
      io.gpuchassis.agent.health.FabricHealth health,
      io.gpuchassis.agent.host.HostReports reports) {
    this.vertx = vertx;
    this.reservations = reservations;
    this.compose =
        new ComposeAction(
            vertx, model, engine, tasks, answerWithin, reservations, placement, health, reports);
    this.reservationResource = new CompositionReservationResource(vertx, reservations);
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(Uris.COMPOSITION_SERVICE, "CompositionService", (params, caller) -> render());
    routes.patch(Uris.COMPOSITION_SERVICE, "CompositionService", this::patch);
    routes.resource(
        Uris.COMPOSE_ACTION_INFO, "ActionInfo", (params, caller) -> composeActionInfo());
    routes.post(Uris.COMPOSE, "CompositionService", compose::handle);
    reservationResource.register(routes);
  }

  CompositionService render() {
    return new CompositionService()
        .atOdataId(Uris.COMPOSITION_SERVICE)
        .atOdataType(Schemas.COMPOSITION_SERVICE.odataType())
        .id("CompositionService")
        .name("Composition Service")
        .description(
            "GPUs and hosts as resource blocks; GPUs are composed into the hosts cabled to the chassis")
        .serviceEnabled(true)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        // A GPU is bound to one host at a time: nothing is shared or overcommitted.
        .allowOverprovisioning(false)
        // A composition request cannot name the resource zone to fulfil it: the host's block
        // decides which GPUs it can reach (its zones, published for that).
        .allowZoneAffinity(false)
        .resourceBlocks(Uris.ref(Uris.RESOURCE_BLOCKS))
        .resourceZones(Uris.ref(Uris.RESOURCE_ZONES))
        .activePool(Uris.ref(Uris.ACTIVE_POOL))
        .freePool(Uris.ref(Uris.FREE_POOL))
        .compositionReservations(Uris.ref(Uris.COMPOSITION_RESERVATIONS))
        .reservationDuration(reservations.duration().toString())
        .actions(
            new CompositionServiceActions()
                .hashCompositionServiceCompose(
                    new ActionTarget()
                        .target(Uris.COMPOSE)
                        .atRedfishActionInfo(Uris.COMPOSE_ACTION_INFO)));
  }

  static ActionInfo composeActionInfo() {
    return new ActionInfo()
        .atOdataId(Uris.COMPOSE_ACTION_INFO)
        .atOdataType(Schemas.ACTION_INFO.odataType())
        .id("ComposeActionInfo")
        .name("Compose Action Info")
        .parameters(
            List.of(
                new ActionInfoParameters()
                    .name("RequestType")
                    .required(true)
                    .dataType(ParameterTypes.STRING)
                    .allowableValues(ComposeAction.REQUEST_TYPES),
                new ActionInfoParameters()
                    .name("RequestFormat")
                    .required(false)
                    .dataType(ParameterTypes.STRING)
                    .allowableValues(List.of(ComposeAction.MANIFEST)),
                new ActionInfoParameters()
                    .name("Manifest")
                    .required(false)
                    .dataType(ParameterTypes.OBJECT)
                    .objectDataType("#Manifest.v1_1_2.Manifest"),
                new ActionInfoParameters()
                    .name("ReservationId")
                    .required(false)
                    .dataType(ParameterTypes.STRING)));
  }

  private void patch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(ctx, routes.render(Uris.COMPOSITION_SERVICE, caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    Duration[] duration = new Duration[1];
    List<MessageInstance> rejected =
        PatchRequest.of(body, READ_ONLY)
            .string(
                "ReservationDuration",
                text -> durationProblem(text),
                text -> duration[0] = Duration.parse(text))
            .apply();
    Offload.run(
        vertx,
        ctx,
        () -> {
          reservations.setDuration(duration[0]);
          return null;
        },
        done -> RedfishResponses.changed(ctx, RedfishResponses.tree(render()), rejected));
  }

  /**
   * A positive ISO 8601 duration of at most a day: a reservation must end, and soon enough to
   * matter.
   */
  private static MessageInstance durationProblem(String text) {
    try {
      Duration d = Duration.parse(text);
      if (!d.isNegative() && !d.isZero() && d.compareTo(Duration.ofDays(1)) <= 0) {
        return null;
      }
      return BaseMessages.PROPERTY_VALUE_OUT_OF_RANGE
          .with(text, "ReservationDuration")
          .about("/ReservationDuration");
    } catch (DateTimeParseException e) {
      return BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
          .with(text, "ReservationDuration")
          .about("/ReservationDuration");
    }
  }
}
