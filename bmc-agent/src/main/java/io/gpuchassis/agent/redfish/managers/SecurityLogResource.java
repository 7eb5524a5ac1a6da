package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.ClearLogAction;
import io.gpuchassis.redfish.model.EventSeverity;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.LogEntry;
import io.gpuchassis.redfish.model.LogEntryType;
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
 * The manager's security log: {@code /redfish/v1/Managers/BMC/LogServices/SecurityLog}, the
 * persisted security log (every login, every write request, every account change), with its entries
 * and the ClearLog action.
 */
public final class SecurityLogResource {

  private final SecurityLog log;
  private final Clock clock;
  private final Vertx vertx;

  public SecurityLogResource(SecurityLog log, Clock clock, Vertx vertx) {
    this.log = log;
    this.clock = clock;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.securityLog(), "LogService", (params, caller) -> render());
    routes.post(
        Uris.securityLog() + LogServiceHandlers.CLEAR_ACTION,
        "LogService",
        LogServiceHandlers.clear(vertx, log::clear));
    routes.expandedCollection(
        Uris.securityLogEntries(),
        "LogEntryCollection",
        LogServiceHandlers.entries(
            Uris.securityLog(),
            "Security Log Entries",
            () -> log.entries().stream().map(SecurityLog.Entry::id).toList()));
    routes.resource(
        Uris.SECURITY_LOG_ENTRY_TEMPLATE,
        "LogEntry",
        LogServiceHandlers.entry(id -> log.entry(id).map(SecurityLogResource::render)));
  }

  LogService render() {
    return new LogService()
        .atOdataId(Uris.securityLog())
        .atOdataType(Schemas.LOG_SERVICE.odataType())
        .id("SecurityLog")
        .name("Security Log")
        .description(
            "Logins, write requests and account changes, kept across restarts. Entries of clients without valid"
                + " credentials wrap within a share of their own, and their repetitions are summarised.")
        .serviceEnabled(true)
        .maxNumberOfRecords((long) log.capacity())
        .overWritePolicy(OverWritePolicy.WRAPS_WHEN_FULL)
        .dateTime(
            OffsetDateTime.now(clock)
                .withOffsetSameInstant(ZoneOffset.UTC)
                .truncatedTo(ChronoUnit.SECONDS))
        .dateTimeLocalOffset("+00:00")
        .logEntryType(LogEntryTypes.EVENT)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .entries(Uris.ref(Uris.securityLogEntries()))
        .actions(
            new LogServiceActions()
                .hashLogServiceClearLog(
                    new ClearLogAction()
                        .target(Uris.securityLog() + LogServiceHandlers.CLEAR_ACTION)));
  }

  static LogEntry render(SecurityLog.Entry e) {
    return new LogEntry()
        .atOdataId(Uris.securityLogEntries() + "/" + e.id())
        .atOdataType(Schemas.LOG_ENTRY.odataType())
        .id(Long.toString(e.id()))
        .name("Security Log Entry " + e.id())
        .entryType(LogEntryType.EVENT)
        .severity(EventSeverity.fromValue(e.severity()))
        .created(e.created().atOffset(ZoneOffset.UTC))
        .message(e.message())
        .messageId(e.messageId())
        .messageArgs(e.args());
  }
}
