package io.gpuchassis.agent.http;

import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.fault.SimulationApi;
import io.gpuchassis.agent.metrics.MetricsService;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.security.PasswordChangePolicy;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.agent.web.WebPage;
import io.gpuchassis.redfish.http.ContentTypeRule;
import io.gpuchassis.redfish.http.FailureHandler;
import io.gpuchassis.redfish.http.NotFoundHandler;
import io.gpuchassis.redfish.http.ODataVersionRule;
import io.gpuchassis.redfish.http.OriginRule;
import io.gpuchassis.redfish.query.QueryEngine;
import io.gpuchassis.redfish.route.AccessPolicy;
import io.gpuchassis.redfish.route.Authenticator;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Puts every route of the agent on a router: the Redfish tree and, in simulated mode, the
 * simulation control API. The returned entries are the route table that docs/ARCHITECTURE.md
 * mirrors (a test keeps the two equal). Before the routes, in this order: the connection guard
 * learns when responses start and end; writes are recorded; cross-site requests (a foreign Origin,
 * a body that is not JSON) are refused; bodies are read up to {@code maxRequestBodyBytes}; a
 * request not answered within {@code requestTimeout} gets 503. After them, any other path gets a
 * Redfish 404.
 */
public final class AgentRoutes {

  private AgentRoutes() {}

  private static boolean isFirmwarePush(RoutingContext ctx) {
    return ctx.request().method() == io.vertx.core.http.HttpMethod.POST
        && (Uris.UPDATE_MULTIPART.equals(ctx.normalizedPath())
            || Uris.UPDATE_HTTP_PUSH.equals(ctx.normalizedPath()));
  }

  /**
   * @param simulation the fault switchboard in simulated mode, empty with real hardware (no /sim
   *     routes then)
   */
  static List<RouteEntry> install(
      Vertx vertx,
      Router router,
      HttpLimits limits,
      ConnectionGuard guard,
      SecurityServices security,
      RedfishResources resources,
      MetricsService metrics,
      Optional<FaultInjector> simulation) {
    router.route().handler(guard::routed);
    router.route().handler(metrics.requestTimer());
    router.route().handler(new WriteAudit(vertx, security.log()));
    router.route().handler(new OriginRule());
    router.route().handler(new ODataVersionRule());
    router
        .route()
        .handler(new ContentTypeRule(Set.of(Uris.UPDATE_MULTIPART), Set.of(Uris.UPDATE_HTTP_PUSH)));
    BodyHandler bodies = BodyHandler.create(false).setBodyLimit(limits.maxRequestBodyBytes());
    router
        .route()
        .handler(
            ctx -> {
              if (isFirmwarePush(ctx)) {
                // Streamed to disk by its handler once the caller is authorised; held back until
                // then.
                guard.holdBack(ctx);
                ctx.next();
              } else {
                bodies.handle(ctx);
              }
            });
    // A handler that has not answered within this time (a stuck bug) gets 503 instead of holding
    // the connection; the timer is set only for requests not answered at once (LateAnswerTimeout).
    // The event stream answers at once and then stays open by design: it is not a stuck request.
    Handler<RoutingContext> timeout = new LateAnswerTimeout(limits.requestTimeout());
    router
        .route()
        .handler(
            ctx -> {
              // A firmware push may take longer than a request should, on a slow link.
              if (Uris.EVENT_STREAM.equals(ctx.normalizedPath()) || isFirmwarePush(ctx)) {
                ctx.next();
              } else {
                timeout.handle(ctx);
              }
            });
    List<RouteEntry> entries = new ArrayList<>();
    Authenticator authenticator = guard.watch(security.authenticator());

    AccessPolicy passwordChange =
        new PasswordChangePolicy(
            user -> security.accounts().find(user).map(a -> Uris.account(a.id())));
    RedfishRoutes redfish =
        new RedfishRoutes(router, authenticator, "/redfish", new QueryEngine(), passwordChange);
    resources.register(redfish);
    redfish.seal();
    entries.addAll(redfish.entries());

    if (simulation.isPresent()) {
      RedfishRoutes sim = new RedfishRoutes(router, authenticator, "/sim");
      new SimulationApi(simulation.get()).register(sim);
      sim.seal();
      entries.addAll(sim.entries());
    }
    RedfishRoutes scrape = new RedfishRoutes(router, authenticator, MetricsService.PATH);
    metrics.register(router, scrape, vertx);
    scrape.seal();
    entries.addAll(scrape.entries());
    RedfishRoutes page = new RedfishRoutes(router, authenticator, WebPage.PATH);
    new WebPage().register(router, page);
    page.seal();
    entries.addAll(page.entries());
    router.route().handler(new NotFoundHandler());
    router.route().failureHandler(new FailureHandler());
    return List.copyOf(entries);
  }
}
