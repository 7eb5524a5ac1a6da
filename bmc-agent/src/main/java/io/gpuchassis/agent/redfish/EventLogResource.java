package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.events.EventLog;
import io.gpuchassis.agent.events.PublishedEvent;
import io.gpuchassis.redfish.error.RedfishErrors;
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
import java.util.Optional;

/**
 * The manager's event log, {@code /redfish/v1/Managers/BMC/LogServices/EventLog}: every event published through the
 * EventBus (also those no one subscribed to), newest {@link EventLog#maxEntries()} kept across restarts, with the
 * ClearLog action.
 */
final class EventLogResource {

  private final EventLog log;
  private final Clock clock;
  private final Vertx vertx;

  EventLogResource(EventLog log, Clock clock, Vertx vertx) {
    this.log = log;
    this.clock = clock;
    this.vertx = vertx;
  }

  void register(RedfishRoutes routes) {
    routes.resource(Uris.eventLog(), "LogService", (params, caller) -> render());
    routes.post(
        Uris.eventLog() + SecurityLogResource.CLEAR_ACTION,
        "LogService",
        ctx ->
            Offload.run(
                vertx,
                ctx,
                () -> {
                  log.clear();
                  return null;
                },
                done -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end()));
    routes.resource(
        Uris.eventLogEntries(),
        "LogEntryCollection",
        (params, caller) ->
            Collections.render(
                Schemas.LOG_ENTRY_COLLECTION,
                Uris.eventLogEntries(),
                "Event Log Entries",
                log.entries().stream().map(e -> Uris.eventLogEntry(e.id())).toList()));
    routes.resource(
        Uris.eventLogEntries() + "/{EntryId}",
        "LogEntry",
        (params, caller) -> {
          String id = params.get("EntryId");
          Optional<PublishedEvent> entry = id.matches("\\d{1,18}") ? log.entry(Long.parseLong(id)) : Optional.empty();
          return EventRenderer.logEntry(entry.orElseThrow(() -> RedfishErrors.notFound("LogEntry", id)));
        });
  }

  LogService render() {
    return new LogService()
        .atOdataId(Uris.eventLog())
        .atOdataType(Schemas.LOG_SERVICE.odataType())
        .id("EventLog")
        .name("Event Log")
        .description("Every event the agent raised, as sent to subscribers and event streams, kept across restarts")
        .serviceEnabled(true)
        .maxNumberOfRecords((long) log.maxEntries())
        .overWritePolicy(OverWritePolicy.WRAPS_WHEN_FULL)
        .dateTime(OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS))
        .dateTimeLocalOffset("+00:00")
        .logEntryType(LogEntryTypes.EVENT)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .entries(Uris.ref(Uris.eventLogEntries()))
        .actions(
            new LogServiceActions()
                .hashLogServiceClearLog(new ClearLogAction().target(Uris.eventLog() + SecurityLogResource.CLEAR_ACTION)));
  }
}
