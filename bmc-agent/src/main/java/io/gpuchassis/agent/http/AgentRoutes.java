package io.gpuchassis.agent.http;

import io.gpuchassis.agent.ServiceIdentity;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.sim.SimulationApi;
import io.gpuchassis.agent.sim.fault.FaultInjector;
import io.gpuchassis.redfish.http.FailureHandler;
import io.gpuchassis.redfish.route.Authenticator;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.redfish.route.RouteEntry;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts every route of the agent on a router: the Redfish tree and, in simulated mode, the simulation control API. The
 * returned entries are the route table that docs/ARCHITECTURE.md mirrors (a test keeps the two equal).
 */
public final class AgentRoutes {

  /** Largest request body accepted; Redfish requests are small JSON documents. */
  static final long MAX_BODY_BYTES = 1024 * 1024;

  private AgentRoutes() {}

  public static List<RouteEntry> install(
      Router router,
      Authenticator authenticator,
      ServiceIdentity identity,
      ChassisModel model,
      FaultInjector faults) {
    router.route().handler(BodyHandler.create(false).setBodyLimit(MAX_BODY_BYTES));
    List<RouteEntry> entries = new ArrayList<>();

    RedfishRoutes redfish = new RedfishRoutes(router, authenticator, "/redfish");
    new RedfishResources(identity, model).register(redfish);
    redfish.seal();
    entries.addAll(redfish.entries());

    if (identity.simulated()) {
      RedfishRoutes sim = new RedfishRoutes(router, authenticator, "/sim");
      new SimulationApi(faults).register(sim);
      sim.seal();
      entries.addAll(sim.entries());
    }
    router.route().failureHandler(new FailureHandler());
    return List.copyOf(entries);
  }
}
