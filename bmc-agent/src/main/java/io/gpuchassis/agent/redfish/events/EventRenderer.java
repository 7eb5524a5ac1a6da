package io.gpuchassis.agent.redfish.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.gpuchassis.agent.events.PublishedEvent;
import io.gpuchassis.agent.events.Subscription;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.model.Event;
import io.gpuchassis.redfish.model.EventRecord;
import io.gpuchassis.redfish.model.EventSeverity;
import io.gpuchassis.redfish.model.EventType;
import io.gpuchassis.redfish.model.LogEntry;
import io.gpuchassis.redfish.model.LogEntryLinks;
import io.gpuchassis.redfish.model.LogEntryType;
import io.gpuchassis.redfish.model.MessageSeverity;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;

/**
 * Renders a published event: as the {@code Event} body sent to subscribers and SSE streams (one
 * EventRecord, carrying the receiver's Context), and as the LogEntry of the EventLog that records
 * it.
 */
public final class EventRenderer {

  private EventRenderer() {}

  /** The Event for one receiver; {@code context} is the subscription's, empty when it has none. */
  public static Event render(PublishedEvent e, String context) {
    EventRecord record =
        new EventRecord()
            .memberId("0")
            .eventType(EventType.OTHER)
            .eventId(Long.toString(e.id()))
            .eventTimestamp(e.timestamp().atOffset(ZoneOffset.UTC))
            .messageId(e.messageId())
            .message(e.message().text())
            .messageArgs(e.message().args())
            .messageSeverity(MessageSeverity.fromValue(e.severity()))
            .severity(e.severity())
            .logEntry(Uris.ref(Uris.eventLogEntry(e.id())));
    e.originOfCondition().ifPresent(origin -> record.originOfCondition(Uris.ref(origin)));
    if (!context.isEmpty()) {
      record.context(context);
    }
    Event event =
        new Event()
            .atOdataType(Schemas.EVENT.odataType())
            .id(Long.toString(e.id()))
            .name("Event " + e.id())
            .addEventsItem(record)
            .eventsAtOdataCount(1);
    if (!context.isEmpty()) {
      event.context(context);
    }
    return event;
  }

  /** The JSON body POSTed to a push subscriber. */
  public static String subscriberBody(PublishedEvent e, Subscription s) {
    return json(render(e, s.context()));
  }

  static String json(Event event) {
    try {
      return RedfishJson.mapper().writeValueAsString(event);
    } catch (JsonProcessingException ex) {
      throw new UncheckedIOException(ex);
    }
  }

  static LogEntry logEntry(PublishedEvent e) {
    LogEntry entry =
        new LogEntry()
            .atOdataId(Uris.eventLogEntry(e.id()))
            .atOdataType(Schemas.LOG_ENTRY.odataType())
            .id(Long.toString(e.id()))
            .name("Event Log Entry " + e.id())
            .entryType(LogEntryType.EVENT)
            .severity(EventSeverity.fromValue(e.severity()))
            .created(e.timestamp().atOffset(ZoneOffset.UTC))
            .message(e.message().text())
            .messageId(e.messageId())
            .messageArgs(e.message().args());
    e.originOfCondition()
        .ifPresent(origin -> entry.links(new LogEntryLinks().originOfCondition(Uris.ref(origin))));
    return entry;
  }
}
