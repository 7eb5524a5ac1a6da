package io.gpuchassis.agent.redfish.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.events.EventServiceSettings;
import io.gpuchassis.agent.redfish.core.EventRegistries;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.ActionTarget;
import io.gpuchassis.redfish.model.EventFormatType;
import io.gpuchassis.redfish.model.EventService;
import io.gpuchassis.redfish.model.EventServiceActions;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.SSEFilterPropertiesSupported;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code /redfish/v1/EventService}: the delivery settings (writable with ConfigureManager), where
 * the SSE stream is, which filters streams and subscriptions support, and {@code
 * EventService.SubmitTestEvent}, which publishes through the same {@link EventBus} as every other
 * event (so it reaches the log, the streams and the subscribers).
 */
public final class EventServiceResource {

  static final String SUBMIT_TEST_EVENT = "EventService.SubmitTestEvent";

  private static final Set<String> READ_ONLY =
      Set.of(
          "Id",
          "Name",
          "Description",
          "Status",
          "ServerSentEventUri",
          "SSEFilterPropertiesSupported",
          "RegistryPrefixes",
          "OriginResourcesSupported",
          "SubordinateResourcesSupported",
          "ExcludeMessageId",
          "ExcludeRegistryPrefix",
          "IncludeOriginOfConditionSupported",
          "ResourceTypes",
          "Subscriptions",
          "Actions");

  /** {@code Prefix.Major.Minor[.Errata].Key}, as DSP0266 spells a MessageId. */
  private static final Pattern MESSAGE_ID =
      Pattern.compile("[A-Za-z][A-Za-z0-9]*(\\.\\d+){2,3}\\.[A-Za-z][A-Za-z0-9]*");

  private final EventBus bus;
  private final EventServiceSettings settings;
  private final Vertx vertx;
  private RedfishRoutes routes;

  public EventServiceResource(EventBus bus, EventServiceSettings settings, Vertx vertx) {
    this.bus = bus;
    this.settings = settings;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(Uris.EVENT_SERVICE, "EventService", (params, caller) -> render());
    routes.patch(Uris.EVENT_SERVICE, "EventService", this::handlePatch);
    routes.post(Uris.SUBMIT_TEST_EVENT, "EventService", this::handleSubmitTestEvent);
  }

  EventService render() {
    EventServiceSettings.Values v = settings.current();
    return new EventService()
        .atOdataId(Uris.EVENT_SERVICE)
        .atOdataType(Schemas.EVENT_SERVICE.odataType())
        .id("EventService")
        .name("Event Service")
        .description("Push subscriptions and a Server-Sent Event stream of the agent's events")
        .serviceEnabled(v.serviceEnabled())
        .status(
            new Status()
                .state(v.serviceEnabled() ? State.ENABLED : State.DISABLED)
                .health(Health.OK))
        .deliveryRetryAttempts(v.retryAttempts())
        .deliveryRetryIntervalSeconds(v.retryIntervalSeconds())
        .serverSentEventUri(Uris.EVENT_STREAM)
        .eventFormatTypes(List.of(EventFormatType.EVENT, EventFormatType.METRIC_REPORT))
        .ssEFilterPropertiesSupported(
            new SSEFilterPropertiesSupported()
                .registryPrefix(true)
                .messageId(true)
                .originResource(true)
                .eventFormatType(true)
                .metricReportDefinition(true)
                .resourceType(false)
                .subordinateResources(false))
        .registryPrefixes(EventRegistries.PREFIXES)
        .originResourcesSupported(true)
        .subordinateResourcesSupported(true)
        .excludeMessageId(true)
        .excludeRegistryPrefix(true)
        .includeOriginOfConditionSupported(true)
        // Not offered: subscriptions by resource type (an empty list says so)
        .resourceTypes(List.of())
        .subscriptions(Uris.ref(Uris.SUBSCRIPTIONS))
        .actions(
            new EventServiceActions()
                .hashEventServiceSubmitTestEvent(
                    new ActionTarget().target(Uris.SUBMIT_TEST_EVENT)));
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(ctx, routes.render(Uris.EVENT_SERVICE, caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    EventServiceSettings.Values before = settings.current();
    boolean[] enabled = {before.serviceEnabled()};
    int[] attempts = {before.retryAttempts()};
    int[] interval = {before.retryIntervalSeconds()};
    List<MessageInstance> rejected =
        PatchRequest.of(body, READ_ONLY)
            .bool("ServiceEnabled", e -> null, e -> enabled[0] = e)
            .integer(
                "DeliveryRetryAttempts",
                0,
                EventServiceSettings.MAX_RETRY_ATTEMPTS,
                n -> attempts[0] = n.intValue())
            .integer(
                "DeliveryRetryIntervalSeconds",
                1,
                EventServiceSettings.MAX_RETRY_INTERVAL_SECONDS,
                n -> interval[0] = n.intValue())
            .apply();
    Offload.run(
        vertx,
        ctx,
        () -> {
          settings.update(new EventServiceSettings.Values(enabled[0], attempts[0], interval[0]));
          return null;
        },
        done -> RedfishResponses.changed(ctx, RedfishResponses.tree(render()), rejected));
  }

  /**
   * Publishes the test event the client describes. The service assigns the event's id and time
   * itself (the action allows it to), so EventId, EventTimestamp and EventGroupId are accepted and
   * not used.
   */
  private void handleSubmitTestEvent(RoutingContext ctx) {
    ObjectNode body = RequestBodies.object(ctx);
    ActionParameters parameters =
        new ActionParameters(SUBMIT_TEST_EVENT, body)
            .expect(
                List.of("MessageId"),
                List.of(
                    "MessageArgs",
                    "Message",
                    "MessageSeverity",
                    "Severity",
                    "OriginOfCondition",
                    "EventId",
                    "EventTimestamp",
                    "EventGroupId",
                    "EventType"),
                Set.of());
    String messageId = parameters.string("MessageId");
    if (!MESSAGE_ID.matcher(messageId).matches()) {
      throw RedfishErrors.of(
              BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR
                  .with(messageId, "MessageId", SUBMIT_TEST_EVENT)
                  .about("/MessageId"))
          .withDetail(
              "A MessageId is RegistryPrefix.Major.Minor.Errata.MessageKey, e.g. "
                  + "ResourceEvent.1.4.3.TestMessage.");
    }
    List<String> args = stringArray(body, "MessageArgs");
    MessageDefinition known = EventRegistries.find(messageId).orElse(null);
    String severity =
        body.hasNonNull("MessageSeverity")
            ? parameters.oneOf("MessageSeverity", List.of("OK", "Warning", "Critical"))
            : body.hasNonNull("Severity")
                ? parameters.oneOf("Severity", List.of("OK", "Warning", "Critical"))
                : known != null ? known.severity() : "OK";
    String template =
        body.hasNonNull("Message")
            ? parameters.string("Message")
            : known != null && known.numberOfArgs() == args.size()
                ? known.template()
                : "Test event " + messageId + ".";
    String origin =
        body.hasNonNull("OriginOfCondition") ? parameters.string("OriginOfCondition") : null;
    if (origin != null && !origin.startsWith(Uris.PREFIX)) {
      throw parameters
          .invalid("OriginOfCondition")
          .withDetail("OriginOfCondition is the URI of a resource of this service.");
    }
    for (String name : List.of("EventId", "EventType")) {
      if (body.hasNonNull(name)) {
        parameters.string(name);
      }
    }
    int dot = messageId.lastIndexOf('.');
    MessageDefinition definition =
        new MessageDefinition(
            messageId.substring(0, dot),
            messageId.substring(dot + 1),
            template,
            severity,
            args.size(),
            "None.");
    MessageInstance message = definition.with(args.toArray());
    bus.publish(message, origin)
        .whenComplete(
            (event, failure) ->
                ctx.vertx()
                    .runOnContext(
                        v -> {
                          if (failure != null) {
                            ctx.fail(failure);
                          } else {
                            ctx.response()
                                .setStatusCode(204)
                                .putHeader("OData-Version", "4.0")
                                .end();
                          }
                        }));
  }

  private static List<String> stringArray(ObjectNode body, String name) {
    JsonNode value = body.get(name);
    if (value == null || value.isNull()) {
      return List.of();
    }
    List<String> strings = new ArrayList<>();
    if (value.isArray()) {
      for (JsonNode item : value) {
        if (!item.isTextual()) {
          strings = null;
          break;
        }
        strings.add(item.asText());
      }
    }
    if (!value.isArray() || strings == null) {
      throw RedfishErrors.of(
          BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR
              .with(value.toString(), name, SUBMIT_TEST_EVENT)
              .about("/" + name));
    }
    return strings;
  }
}
