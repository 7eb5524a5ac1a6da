package io.gpuchassis.agent.metrics;

import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
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
  private final Optional<MetricsToken> token;
  private volatile Handler<RoutingContext> timer;

  /** {@code token}: the bearer token that may scrape besides accounts, if one is configured. */
  public MetricsService(Optional<MetricsToken> token) {
    this.token = token;
  }

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
   * privilege, any account. With a token, a request presenting it as {@code Authorization: Bearer}
   * is served too (through {@code router}, ahead of the table); a wrong one is answered 401.
   */
  public void register(Router router, RedfishRoutes routes, Vertx vertx) {
    token.ifPresent(
        expected ->
            router
                .route(HttpMethod.GET, PATH)
                .handler(
                    ctx -> {
                      String authorization = ctx.request().getHeader("Authorization");
                      if (authorization == null
                          || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
                        ctx.next(); // Basic or a session: the route table's
                      } else if (expected.matches(
                          authorization.substring(BEARER.length()).trim())) {
                        serve(ctx, vertx);
                      } else {
                        RedfishResponses.error(ctx, RedfishErrors.unauthorized());
                      }
                    }));
    routes.get(PATH, PrivilegeRule.allOf(Privilege.Login), ctx -> serve(ctx, vertx));
  }

  private static final String BEARER = "Bearer ";

  private void serve(RoutingContext ctx, Vertx vertx) {
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
  }

  @Override
  public void close() {
    if (!metrics.cancel(false)) {
      metrics.thenAccept(AgentMetrics::close);
    }
  }
}
