package io.gpuchassis.agent.events;

import io.gpuchassis.redfish.event.EventFacts;
import io.gpuchassis.redfish.message.MessageInstance;
import java.time.Instant;
import java.util.Optional;

/**
 * An event as published: its id (also the id of the LogEntry that records it, so ids are unique
 * across restarts and cleared logs), when it happened, the registry message and the URI of the
 * resource it is about.
 */
public record PublishedEvent(
    long id, Instant timestamp, MessageInstance message, Optional<String> originOfCondition) {

  public String messageId() {
    return message.definition().messageId();
  }

  public String severity() {
    return message.definition().severity();
  }

  /** What subscription and stream filters look at. */
  public EventFacts facts() {
    return new EventFacts(messageId(), originOfCondition);
  }
}
