package io.gpuchassis.agent.redfish.events;

import io.gpuchassis.agent.events.EventLog;
import io.gpuchassis.agent.events.PublishedEvent;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.redfish.managers.LogServiceHandlers;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.ClearLogAction;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.LogEntryTypes;
import io.gpuchassis.redfish.model.LogService;
import io.gpuchassis.redfish.model.LogServiceActions;
import io.gpuchassis.redfish.model.OverWritePolicy;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * The manager's event log, {@code /redfish/v1/Managers/BMC/LogServices/EventLog}: every event
 * published through the EventBus (also those no one subscribed to), newest {@link
 * EventLog#maxEntries()} kept across restarts, with the ClearLog action.
 */
public final class EventLogResource {

  private final EventLog log;
  private final Clock clock;
  private final Vertx vertx;

  public EventLogResource(EventLog log, Clock clock, Vertx vertx) {
    this.log = log;
    this.clock = clock;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.eventLog(), "LogService", (params, caller) -> render());
    routes.post(
        Uris.eventLog() + LogServiceHandlers.CLEAR_ACTION,
        "LogService",
        LogServiceHandlers.clear(vertx, log::clear));
    routes.expandedCollection(
        Uris.eventLogEntries(),
        "LogEntryCollection",
        LogServiceHandlers.entries(
            Uris.eventLog(),
            "Event Log Entries",
            () -> log.entries().stream().map(PublishedEvent::id).toList()));
    routes.resource(
        Uris.EVENT_LOG_ENTRY_TEMPLATE,
        "LogEntry",
        LogServiceHandlers.entry(id -> log.entry(id).map(EventRenderer::logEntry)));
  }

  LogService render() {
    return new LogService()
        .atOdataId(Uris.eventLog())
        .atOdataType(Schemas.LOG_SERVICE.odataType())
        .id("EventLog")
        .name("Event Log")
        .description(
            "Every event the agent raised, as sent to subscribers and event streams, kept across restarts")
        .serviceEnabled(true)
        .maxNumberOfRecords((long) log.maxEntries())
        .overWritePolicy(OverWritePolicy.WRAPS_WHEN_FULL)
        .dateTime(
            OffsetDateTime.now(clock)
                .withOffsetSameInstant(ZoneOffset.UTC)
                .truncatedTo(ChronoUnit.SECONDS))
        .dateTimeLocalOffset("+00:00")
        .logEntryType(LogEntryTypes.EVENT)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .entries(Uris.ref(Uris.eventLogEntries()))
        .actions(
            new LogServiceActions()
                .hashLogServiceClearLog(
                    new ClearLogAction()
                        .target(Uris.eventLog() + LogServiceHandlers.CLEAR_ACTION)));
  }
}
