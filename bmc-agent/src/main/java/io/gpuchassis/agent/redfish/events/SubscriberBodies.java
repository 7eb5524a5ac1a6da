package io.gpuchassis.agent.redfish.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.events.PublishedEvent;
import io.gpuchassis.agent.events.Subscription;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.redfish.json.RedfishJson;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.function.Function;

/**
 * The bodies POSTed to push subscribers. A subscription created with IncludeOriginOfCondition gets
 * the resource its event's OriginOfCondition names in place of the bare reference, read as a caller
 * with Login would GET it, once per event, on the publisher's thread right after the event is
 * logged: the resource as it was when the event was raised, as near as the agent can tell. A
 * resource that is gone (a removed subscription, a GPU pulled) or that Login may not read stays a
 * reference.
 */
public final class SubscriberBodies implements Subscriptions.Bodies {

  private volatile Function<String, Optional<JsonNode>> resources = uri -> Optional.empty();
  // The last event's resource: every subscriber of one event is rendered in a row.
  private long lastEvent = -1;
  private Optional<JsonNode> lastResource = Optional.empty();

  /**
   * Reads OriginOfCondition resources with {@code reader} from now on (until then, while the routes
   * are being registered, events carry references only).
   */
  public void readResourcesWith(Function<String, Optional<JsonNode>> reader) {
    this.resources = reader;
  }

  @Override
  public String render(PublishedEvent event, Subscription subscription) {
    if (!subscription.includeOriginOfCondition() || event.originOfCondition().isEmpty()) {
      return EventRenderer.subscriberBody(event, subscription);
    }
    Optional<JsonNode> resource = resourceOf(event);
    if (resource.isEmpty()) {
      return EventRenderer.subscriberBody(event, subscription);
    }
    ObjectNode body =
        RedfishJson.mapper().valueToTree(EventRenderer.render(event, subscription.context()));
    ((ObjectNode) body.withArray("Events").get(0)).set("OriginOfCondition", resource.get());
    try {
      return RedfishJson.mapper().writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private synchronized Optional<JsonNode> resourceOf(PublishedEvent event) {
    if (event.id() != lastEvent) {
      lastEvent = event.id();
      lastResource = resources.apply(event.originOfCondition().orElseThrow());
    }
    return lastResource;
  }
}
