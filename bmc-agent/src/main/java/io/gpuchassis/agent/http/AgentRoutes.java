package io.gpuchassis.agent.http;

import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.fault.SimulationApi;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.redfish.http.FailureHandler;
import io.gpuchassis.agent.redfish.Uris;
import io.gpuchassis.agent.security.PasswordChangePolicy;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.redfish.query.QueryEngine;
import io.gpuchassis.redfish.route.AccessPolicy;
import io.gpuchassis.redfish.route.Authenticator;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.TimeoutHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Puts every route of the agent on a router: the Redfish tree and, in simulated mode, the simulation control API. The
 * returned entries are the route table that docs/ARCHITECTURE.md mirrors (a test keeps the two equal).
 */
public final class AgentRoutes {

  /** Largest request body accepted; Redfish requests are small JSON documents. */
  static final long MAX_BODY_BYTES = 1024 * 1024;

  /** Longest time a request may take to be answered. */
  static final long REQUEST_TIMEOUT_MS = 30_000;

  private AgentRoutes() {}

  private static boolean isFirmwarePush(RoutingContext ctx) {
    return ctx.request().method() == io.vertx.core.http.HttpMethod.POST
        && Uris.UPDATE_MULTIPART.equals(ctx.normalizedPath());
  }

  /**
   * @param simulation the fault switchboard in simulated mode, empty with real hardware (no /sim routes then)
   */
  public static List<RouteEntry> install(
      Vertx vertx,
      Router router,
      SecurityServices security,
      RedfishResources resources,
      Optional<FaultInjector> simulation) {
    BodyHandler bodies = BodyHandler.create(false).setBodyLimit(MAX_BODY_BYTES);
    router.route().handler(ctx -> {
      if (isFirmwarePush(ctx)) {
        // Streamed to disk by its handler once the caller is authorised; held back until then.
        ctx.request().pause();
        ctx.next();
      } else {
        bodies.handle(ctx);
      }
    });
    // A handler that has not answered within this time (a stuck bug) gets 503 instead of holding the connection.
    // The event stream answers at once and then stays open by design: it is not a stuck request.
    Handler<RoutingContext> timeout = TimeoutHandler.create(REQUEST_TIMEOUT_MS);
    router.route().handler(ctx -> {
      // A firmware push may take longer than a request should, on a slow link.
      if (Uris.EVENT_STREAM.equals(ctx.normalizedPath()) || isFirmwarePush(ctx)) {
        ctx.next();
      } else {
        timeout.handle(ctx);
      }
    });
    router.route().handler(new WriteAudit(vertx, security.log()));
    List<RouteEntry> entries = new ArrayList<>();
    Authenticator authenticator = security.authenticator();

    AccessPolicy passwordChange =
        new PasswordChangePolicy(
            user -> security.accounts().find(user).map(a -> Uris.account(a.id())));
    RedfishRoutes redfish = new RedfishRoutes(router, authenticator, "/redfish", new QueryEngine(), passwordChange);
    resources.register(redfish);
    redfish.seal();
    entries.addAll(redfish.entries());

    if (simulation.isPresent()) {
      RedfishRoutes sim = new RedfishRoutes(router, authenticator, "/sim");
      new SimulationApi(simulation.get()).register(sim);
      sim.seal();
      entries.addAll(sim.entries());
    }
    router.route().failureHandler(new FailureHandler());
    return List.copyOf(entries);
  }
}
