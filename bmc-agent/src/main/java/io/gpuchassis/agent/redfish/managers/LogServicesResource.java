package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/** The manager's collection of log services: the SecurityLog and the EventLog. */
public final class LogServicesResource {

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.logServices(),
        "LogServiceCollection",
        (params, caller) ->
            Collections.render(
                    Schemas.LOG_SERVICE_COLLECTION,
                    Uris.logServices(),
                    "Log Services",
                    List.of(Uris.eventLog(), Uris.securityLog()))
                .description("The manager's logs: events, and the security log"));
  }
}
