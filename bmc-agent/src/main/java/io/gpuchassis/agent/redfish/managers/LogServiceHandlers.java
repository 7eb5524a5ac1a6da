package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.route.ResourceRenderer;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * What every log of the manager answers, for its resource to register: the {@code
 * LogService.ClearLog} action (the database work off the event loop), the Entries collection, and
 * each entry by its numeric id.
 */
public final class LogServiceHandlers {

  public static final String CLEAR_ACTION = "/Actions/LogService.ClearLog";

  private LogServiceHandlers() {}

  /** ClearLog: {@code clear} (blocking) empties the log; 204. */
  public static Handler<RoutingContext> clear(Vertx vertx, Runnable clear) {
    return ctx ->
        Offload.run(
            vertx,
            ctx,
            () -> {
              clear.run();
              return null;
            },
            done -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }

  /**
   * The Entries collection of the log at {@code logUri}: {@code entryIds} oldest first, as
   * references; registered with {@code RedfishRoutes.expandedCollection}, since LogEntryCollection
   * members are auto-expanded.
   */
  public static ResourceRenderer entries(
      String logUri, String name, Supplier<List<Long>> entryIds) {
    String entriesUri = logUri + "/Entries";
    return (params, caller) ->
        Collections.render(
                Schemas.LOG_ENTRY_COLLECTION,
                entriesUri,
                name,
                entryIds.get().stream().map(id -> entriesUri + "/" + id).toList())
            .description("The entries of " + logUri + ", oldest first");
  }

  /** One entry by its {@code {EntryId}}; 404 for an id that is not a number or not in the log. */
  public static ResourceRenderer entry(LongFunction<Optional<Object>> entry) {
    return (params, caller) -> {
      String id = params.get("EntryId");
      Optional<Object> found =
          id.matches("\\d{1,18}") ? entry.apply(Long.parseLong(id)) : Optional.empty();
      return found.orElseThrow(() -> RedfishErrors.notFound("LogEntry", id));
    };
  }
}
