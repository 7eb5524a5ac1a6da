package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.ActionInfo;
import io.gpuchassis.redfish.model.ActionInfoParameters;
import io.gpuchassis.redfish.model.ParameterTypes;
import io.gpuchassis.redfish.model.ResetAction;
import io.gpuchassis.redfish.model.ResetType;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Set;

/**
 * {@code Manager.Reset} on {@code /redfish/v1/Managers/BMC}: restarts the agent, not the machine it
 * runs on. Only GracefulRestart is offered: the agent stops as on SIGTERM (no new bind or release,
 * those under way and firmware work finish or are journaled for the next start), then the process
 * exits with the code its systemd unit restarts on. The request is recorded in the security log and
 * answered 204 before the stop begins. ForceRestart is not offered: cutting work short is what a
 * SIGKILL does, not something to ask for over the network.
 */
public final class ManagerResetAction {

  static final String ACTION = "Manager.Reset";
  static final List<String> RESET_TYPES = List.of("GracefulRestart");

  private final ManagerRestart restart;
  private final SecurityLog log;
  private final Vertx vertx;

  public ManagerResetAction(ManagerRestart restart, SecurityLog log, Vertx vertx) {
    this.restart = restart;
    this.log = log;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    // An action is a POST on the resource that offers it: the Manager's privileges
    // (ConfigureManager).
    routes.post(Uris.MANAGER_TEMPLATE + "/Actions/" + ACTION, "Manager", this::reset);
    routes.resource(
        Uris.MANAGER_RESET_ACTION_INFO_TEMPLATE,
        "ActionInfo",
        (params, caller) -> {
          EthernetInterfaceResource.checkManager(params);
          return actionInfo();
        });
  }

  /** The advertisement in the Manager's Actions. */
  static ResetAction advertised() {
    return new ResetAction()
        .target(Uris.managerReset())
        .atRedfishActionInfo(Uris.managerResetActionInfo())
        .resetTypeAtRedfishAllowableValues(List.of(ResetType.GRACEFUL_RESTART));
  }

  static ActionInfo actionInfo() {
    return new ActionInfo()
        .atOdataId(Uris.managerResetActionInfo())
        .atOdataType(Schemas.ACTION_INFO.odataType())
        .id("ResetActionInfo")
        .name("Manager.Reset Action Info")
        .description(
            "Restarts the agent cleanly: work under way finishes or is journaled, then the service starts it"
                + " again.")
        .parameters(
            List.of(
                new ActionInfoParameters()
                    .name("ResetType")
                    .required(false)
                    .dataType(ParameterTypes.STRING)
                    .allowableValues(RESET_TYPES)));
  }

  private void reset(RoutingContext ctx) {
    EthernetInterfaceResource.checkManager(ctx.pathParams());
    ActionParameters parameters =
        new ActionParameters(ACTION, RequestBodies.object(ctx))
            .expect(List.of(), List.of("ResetType"), Set.of());
    String type =
        RequestBodies.object(ctx).has("ResetType")
            ? parameters.oneOf("ResetType", RESET_TYPES)
            : RESET_TYPES.get(0);
    if (!restart.available()) {
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("0"))
          .withDetail(
              "This agent runs without a service that could start it again, so it cannot be reset.");
    }
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    String address =
        ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().host();
    List<String> args = List.of(caller.userName(), address, type);
    Offload.run(
        vertx,
        ctx,
        () -> {
          log.record(
              SecurityLog.Origin.AUTHENTICATED,
              AuditMessages.MANAGER_RESET,
              args,
              caller.userName(),
              address);
          return null;
        },
        done -> {
          // The stop closes the server: it begins once the answer has gone out.
          ctx.addEndHandler(
              sent ->
                  restart.request(
                      ACTION + " " + type + " by '" + caller.userName() + "' from " + address));
          ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
        });
  }
}
