package io.gpuchassis.agent.redfish;

import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.SessionService;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/SessionService} and its {@code Sessions} collection, which the service root must link. Read-only:
 * the agent authenticates with HTTP Basic, so the collection is empty.
 */
final class SessionServiceResource {

  static final int SESSION_TIMEOUT_SECONDS = 1800;

  void register(RedfishRoutes routes) {
    routes.resource(Uris.SESSION_SERVICE, "SessionService", (params, caller) -> render());
    routes.resource(
        Uris.SESSIONS,
        "SessionCollection",
        (params, caller) ->
            Collections.render(Schemas.SESSION_COLLECTION, Uris.SESSIONS, "Session Collection", List.of()));
  }

  static SessionService render() {
    return new SessionService()
        .atOdataId(Uris.SESSION_SERVICE)
        .atOdataType(Schemas.SESSION_SERVICE.odataType())
        .id("SessionService")
        .name("Session Service")
        .serviceEnabled(true)
        .sessionTimeout(SESSION_TIMEOUT_SECONDS)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .sessions(Uris.ref(Uris.SESSIONS));
  }
}
