package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.uri.Uris;

import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/** The manager's collection of log services: the SecurityLog and the EventLog. */
final class LogServicesResource {

  void register(RedfishRoutes routes) {
    routes.resource(
        Uris.logServices(),
        "LogServiceCollection",
        (params, caller) ->
            Collections.render(
                Schemas.LOG_SERVICE_COLLECTION,
                Uris.logServices(),
                "Log Services",
                List.of(Uris.eventLog(), Uris.securityLog())));
  }
}
