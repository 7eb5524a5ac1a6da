package io.gpuchassis.agent.redfish.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.agent.events.OutboundGuard;
import io.gpuchassis.agent.events.QuotaExceeded;
import io.gpuchassis.agent.events.RetryPolicy;
import io.gpuchassis.agent.events.Subscription;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.agent.events.SyslogTarget;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.event.EventSelection;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.ActionTarget;
import io.gpuchassis.redfish.model.DeliveryRetryPolicy;
import io.gpuchassis.redfish.model.EventDestination;
import io.gpuchassis.redfish.model.EventDestinationActions;
import io.gpuchassis.redfish.model.EventDestinationProtocol;
import io.gpuchassis.redfish.model.EventFormatType;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.SubscriptionType;
import io.gpuchassis.redfish.query.ETags;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code /redfish/v1/EventService/Subscriptions}: push subscriptions (created by POST, changed by
 * PATCH, suspended and resumed by their actions, ended by DELETE) and the open SSE streams (which
 * can only be read and deleted). Creating needs ConfigureManager or ConfigureComponents; changing
 * or deleting needs ConfigureManager, or ConfigureSelf for one's own subscription or stream
 * (Privilege Registry). A destination must be one the agent may connect to ({@link OutboundGuard}),
 * and an account may create only so many subscriptions, the last ones being kept for callers with
 * ConfigureManager ({@link OutboundPolicy}).
 */
public final class EventDestinationResource {

  static final String RESUME = "/Actions/EventDestination.ResumeSubscription";
  static final String SUSPEND = "/Actions/EventDestination.SuspendSubscription";

  private final Subscriptions subscriptions;
  private final EventStreamResource streams;
  private final Vertx vertx;
  private final OutboundGuard guard;
  private RedfishRoutes routes;

  public EventDestinationResource(
      Subscriptions subscriptions,
      EventStreamResource streams,
      Vertx vertx,
      OutboundPolicy policy) {
    this.subscriptions = subscriptions;
    this.streams = streams;
    this.vertx = vertx;
    this.guard = new OutboundGuard(policy);
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(
        Uris.SUBSCRIPTIONS,
        "EventDestinationCollection",
        (params, caller) -> {
          List<String> members = new ArrayList<>();
          subscriptions.all().forEach(s -> members.add(Uris.subscription(s.id())));
          streams.streams().forEach(s -> members.add(Uris.subscription(s.id())));
          return Collections.render(
              Schemas.EVENT_DESTINATION_COLLECTION,
              Uris.SUBSCRIPTIONS,
              "Event Subscriptions",
              members);
        });
    routes.post(Uris.SUBSCRIPTIONS, "EventDestinationCollection", this::handleCreate);
    String member = Uris.SUBSCRIPTION_TEMPLATE;
    routes.resource(
        member, "EventDestination", (params, caller) -> render(params.get("SubscriptionId")));
    routes.patch(member, "EventDestination", this::handlePatch);
    routes.delete(member, "EventDestination", this::handleDelete);
    routes.post(member + RESUME, "EventDestination", ctx -> handleSuspension(ctx, false));
    routes.post(member + SUSPEND, "EventDestination", ctx -> handleSuspension(ctx, true));
  }

  private EventDestination render(String id) {
    if (id.startsWith(EventStreamResource.ID_PREFIX)) {
      return streams.find(id).map(EventDestinationResource::render).orElseThrow(() -> notFound(id));
    }
    return subscriptions
        .find(id)
        .map(EventDestinationResource::render)
        .orElseThrow(() -> notFound(id));
  }

  static EventDestination render(Subscription s) {
    EventDestination d =
        new EventDestination()
            .atOdataId(Uris.subscription(s.id()))
            .atOdataType(Schemas.EVENT_DESTINATION.odataType())
            .id(s.id())
            .name("Event Subscription")
            .destination(s.destination())
            .protocol(EventDestinationProtocol.fromValue(s.protocol()))
            .subscriptionType(
                s.syslog().isPresent() ? SubscriptionType.SYSLOG : SubscriptionType.REDFISH_EVENT)
            .context(s.context())
            .deliveryRetryPolicy(DeliveryRetryPolicy.fromValue(s.retryPolicy().name()))
            .registryPrefixes(s.selection().registryPrefixes())
            .messageIds(s.selection().messageIds())
            .originResources(s.selection().originResources().stream().map(Uris::ref).toList())
            .subordinateResources(s.selection().subordinateResources())
            .eventFormatType(EventFormatType.fromValue(s.selection().eventFormat()))
            .includeOriginOfCondition(s.includeOriginOfCondition())
            .excludeRegistryPrefixes(s.selection().excludeRegistryPrefixes())
            .excludeMessageIds(s.selection().excludeMessageIds())
            .certificates(
                s.syslog().isPresent() ? null : Uris.ref(Uris.subscriptionCertificates(s.id())))
            .verifyCertificate(s.syslog().isPresent() ? null : true)
            .actions(
                new EventDestinationActions()
                    .hashEventDestinationResumeSubscription(
                        new ActionTarget().target(Uris.subscription(s.id()) + RESUME))
                    .hashEventDestinationSuspendSubscription(
                        new ActionTarget().target(Uris.subscription(s.id()) + SUSPEND)))
            .status(
                s.suspended()
                    ? new Status().state(State.DISABLED).health(Health.WARNING)
                    : new Status().state(State.ENABLED).health(Health.OK));
    if (s.selection().selectsMetricReports()) {
      d.metricReportDefinitions(
          s.selection().metricReportDefinitions().stream().map(Uris::ref).toList());
    }
    s.syslog()
        .ifPresent(
            target ->
                d.syslogFilters(
                    List.of(
                        new io.gpuchassis.redfish.model.SyslogFilter()
                            .lowestSeverity(
                                io.gpuchassis.redfish.model.SyslogSeverity.fromValue(
                                    target.lowestSeverity()))
                            .logFacilities(
                                target.facilities().stream()
                                    .map(io.gpuchassis.redfish.model.SyslogFacility::fromValue)
                                    .toList()))));
    return d;
  }

  static EventDestination render(EventStreamResource.Stream s) {
    return new EventDestination()
        .atOdataId(Uris.subscription(s.id()))
        .atOdataType(Schemas.EVENT_DESTINATION.odataType())
        .id(s.id())
        .name("Server-Sent Event Stream")
        .destination(s.destination())
        .protocol(EventDestinationProtocol.REDFISH)
        .subscriptionType(SubscriptionType.SSE)
        .context("")
        .status(new Status().state(State.ENABLED).health(Health.OK));
  }

  private void handleCreate(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    SubscriptionRequest request = SubscriptionRequest.create(RequestBodies.object(ctx));
    EventSelection selection =
        request.metricReports()
            ? EventSelection.metricReports(request.metricReportDefinitions.orElse(List.of()))
            : new EventSelection(
                    request.registryPrefixes.orElse(List.of()),
                    request.messageIds.orElse(List.of()),
                    request.originResources.orElse(List.of()),
                    request.subordinateResources.orElse(false))
                .excluding(
                    request.excludeRegistryPrefixes.orElse(List.of()),
                    request.excludeMessageIds.orElse(List.of()));
    String destination = request.destination.orElseThrow();
    Offload.run(
        vertx,
        ctx,
        () -> {
          checkDestination(destination, request.syslog());
          try {
            return subscriptions.create(
                destination,
                request.context.orElse(""),
                selection,
                request.retryPolicy.orElse(RetryPolicy.SuspendRetries),
                caller.userName(),
                caller.has(Privilege.ConfigureManager),
                request.syslog(),
                request.includeOriginOfCondition.orElse(false));
          } catch (QuotaExceeded e) {
            throw RedfishErrors.of(BaseMessages.EVENT_SUBSCRIPTION_LIMIT_EXCEEDED.with())
                .withDetail("No subscription can be created: " + e.getMessage() + ".");
          }
        },
        created -> {
          ObjectNode body = RedfishResponses.tree(render(created));
          ctx.response()
              .putHeader("Location", Uris.subscription(created.id()))
              .putHeader("ETag", ETags.of(body));
          RedfishResponses.json(ctx, 201, body);
        });
  }

  /**
   * Refuses a destination the agent must not send to (plain http unless allowed, a name resolving
   * into a denied network); blocking, it may ask DNS. Deliveries are checked again, since a name
   * may resolve elsewhere later.
   */
  private void checkDestination(String destination, Optional<SyslogTarget> syslog) {
    try {
      if (syslog.isPresent()) {
        guard.checkSyslog(URI.create(destination), syslog.get().protocol().equals("SyslogTLS"));
      } else {
        guard.check(URI.create(destination));
      }
    } catch (OutboundGuard.Refused e) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
                  .with(destination, "Destination")
                  .about("/Destination"))
          .withDetail("Destination is refused: " + e.getMessage() + ".");
    }
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    String id = ctx.pathParams().get("SubscriptionId");
    if (id.startsWith(EventStreamResource.ID_PREFIX)) {
      streams.find(id).orElseThrow(() -> notFound(id));
      throw RedfishErrors.methodNotAllowed("GET, HEAD, DELETE")
          .withDetail("An SSE stream's filter is its $filter; open a new stream to change it.");
    }
    Subscription current = owned(subscriptions.find(id).orElseThrow(() -> notFound(id)), caller);
    Preconditions.checkIfMatch(ctx, routes.render(Uris.subscription(id), caller).orElseThrow());
    SubscriptionRequest request =
        SubscriptionRequest.patch(RequestBodies.object(ctx), current.selection().eventFormat());
    Optional<SyslogTarget> syslog = request.syslogChange(current.syslog());
    Offload.run(
        vertx,
        ctx,
        () ->
            subscriptions
                .update(
                    current.id(),
                    s -> {
                      EventSelection was = s.selection();
                      return s.withSyslog(syslog)
                          .withContext(request.context.orElse(s.context()))
                          .withRetryPolicy(request.retryPolicy.orElse(s.retryPolicy()))
                          .withSelection(
                              new EventSelection(
                                  was.eventFormat(),
                                  request.registryPrefixes.orElse(was.registryPrefixes()),
                                  request.messageIds.orElse(was.messageIds()),
                                  request.originResources.orElse(was.originResources()),
                                  request.subordinateResources.orElse(was.subordinateResources()),
                                  request.metricReportDefinitions.orElse(
                                      was.metricReportDefinitions()),
                                  was.excludeRegistryPrefixes(),
                                  was.excludeMessageIds()));
                    })
                .orElseThrow(() -> notFound(id)),
        updated ->
            RedfishResponses.changed(ctx, RedfishResponses.tree(render(updated)), List.of()));
  }

  private void handleDelete(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    String id = ctx.pathParams().get("SubscriptionId");
    if (id.startsWith(EventStreamResource.ID_PREFIX)) {
      EventStreamResource.Stream stream = streams.find(id).orElseThrow(() -> notFound(id));
      if (!caller.has(Privilege.ConfigureManager) && !caller.userName().equals(stream.owner())) {
        throw RedfishErrors.forbidden()
            .withDetail("Without ConfigureManager only one's own streams can be closed.");
      }
      streams.close(id);
      ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
      return;
    }
    Subscription s = owned(subscriptions.find(id).orElseThrow(() -> notFound(id)), caller);
    Offload.run(
        vertx,
        ctx,
        () -> {
          if (!subscriptions.delete(s.id())) {
            throw notFound(id);
          }
          return null;
        },
        done -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }

  /**
   * EventDestination.SuspendSubscription and ResumeSubscription. A suspended subscription drops its
   * queue and is sent nothing; events published meanwhile are not buffered, so resuming (with any
   * DeliverBufferedEventDuration) starts with the next event.
   */
  private void handleSuspension(RoutingContext ctx, boolean suspend) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    String id = ctx.pathParams().get("SubscriptionId");
    Subscription s = owned(subscriptions.find(id).orElseThrow(() -> notFound(id)), caller);
    String action =
        suspend ? "EventDestination.SuspendSubscription" : "EventDestination.ResumeSubscription";
    // The actions take no required parameter, so an empty request body is accepted as {}.
    boolean empty = ctx.body().buffer() == null || ctx.body().buffer().length() == 0;
    ObjectNode body = empty ? RedfishJson.mapper().createObjectNode() : RequestBodies.object(ctx);
    ActionParameters parameters =
        new ActionParameters(action, body)
            .expect(
                List.of(),
                suspend ? List.of() : List.of("DeliverBufferedEventDuration"),
                java.util.Set.of());
    if (body.hasNonNull("DeliverBufferedEventDuration")) {
      String duration = parameters.string("DeliverBufferedEventDuration");
      try {
        java.time.Duration.parse(duration);
      } catch (java.time.format.DateTimeParseException e) {
        throw RedfishErrors.of(
            BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR
                .with(duration, "DeliverBufferedEventDuration", action)
                .about("/DeliverBufferedEventDuration"));
      }
    }
    Offload.run(
        vertx,
        ctx,
        () ->
            subscriptions
                .update(s.id(), sub -> sub.withSuspended(suspend))
                .orElseThrow(() -> notFound(id)),
        done -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }

  /**
   * {@code s}, if the caller may change it: with ConfigureManager any, with ConfigureSelf its own.
   */
  private static Subscription owned(Subscription s, Caller caller) {
    if (!caller.has(Privilege.ConfigureManager) && !caller.userName().equals(s.owner())) {
      throw RedfishErrors.forbidden()
          .withDetail("Without ConfigureManager only one's own subscriptions can be changed.");
    }
    return s;
  }

  private static RedfishException notFound(String id) {
    return RedfishErrors.notFound("EventDestination", id);
  }
}
