package io.gpuchassis.agent.metrics;

import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * {@code /metrics} and the request timer as the router sees them from the start, with the meters
 * built later: building Micrometer's registry and the JVM binders cost about 0.2 s of a start that
 * is bound by CPU, so the agent builds them once it answers Redfish ({@link #build}). Until then
 * requests are not timed and a scrape waits for the meters.
 */
public final class MetricsService implements AutoCloseable {

  /** Where Prometheus scrapes. */
  public static final String PATH = "/metrics";

  private final CompletableFuture<AgentMetrics> metrics = new CompletableFuture<>();
  private volatile Handler<RoutingContext> timer;

  /** Builds the meters with {@code build} on a worker thread of {@code vertx}. */
  public void build(Vertx vertx, Supplier<AgentMetrics> build) {
    vertx
        .executeBlocking(build::get, false)
        .onSuccess(
            built -> {
              timer = built.requestTimer();
              metrics.complete(built);
            })
        .onFailure(metrics::completeExceptionally);
  }

  /** The router's handler that times every request once the meters exist. */
  public Handler<RoutingContext> requestTimer() {
    return ctx -> {
      Handler<RoutingContext> built = timer;
      if (built == null) {
        ctx.next();
      } else {
        built.handle(ctx);
      }
    };
  }

  /**
   * Adds {@code GET /metrics} to {@code routes} (a table for the {@link #PATH} prefix): the Login
   * privilege, any account.
   */
  public void register(RedfishRoutes routes, Vertx vertx) {
    routes.get(
        PATH,
        PrivilegeRule.allOf(Privilege.Login),
        ctx -> {
          String accept = ctx.request().getHeader("Accept");
          vertx
              .executeBlocking(() -> metrics.join().scrape(accept), false)
              .onSuccess(
                  body ->
                      ctx.response()
                          .putHeader("Content-Type", AgentMetrics.contentType(accept))
                          .putHeader("Cache-Control", "no-store")
                          .end(body))
              .onFailure(ctx::fail);
        });
  }

  @Override
  public void close() {
    if (!metrics.cancel(false)) {
      metrics.thenAccept(AgentMetrics::close);
    }
  }
}
