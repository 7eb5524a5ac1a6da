package io.gpuchassis.agent.redfish.accounts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.AgentAuthenticator;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.security.SecuritySettings;
import io.gpuchassis.agent.security.Session;
import io.gpuchassis.agent.security.SessionManager;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.SessionService;
import io.gpuchassis.redfish.model.SessionTypes;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /redfish/v1/SessionService} and its {@code Sessions}: log in ({@code POST}, credentials in
 * the body, answered with {@code X-Auth-Token} and {@code Location}), list, read and log out
 * ({@code DELETE}) sessions, and set the idle timeout. A caller without ConfigureManager sees and
 * closes only its own sessions.
 */
public final class SessionServiceResource {

  private static final Set<String> SERVICE_READ_ONLY =
      Set.of("Id", "Name", "Description", "ServiceEnabled", "Sessions", "Status");
  private static final Set<String> LOGIN_PROPERTIES = Set.of("UserName", "Password", "Context");

  private final SecurityServices security;
  private final Vertx vertx;
  private RedfishRoutes routes;

  public SessionServiceResource(SecurityServices security, Vertx vertx) {
    this.security = security;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(Uris.SESSION_SERVICE, "SessionService", (params, caller) -> render());
    routes.patch(Uris.SESSION_SERVICE, "SessionService", this::handlePatch);
    routes.resource(
        Uris.SESSIONS, "SessionCollection", (params, caller) -> renderCollection(caller));
    routes.login(Uris.SESSIONS, this::handleLogin);
    routes.resource(
        Uris.SESSION_TEMPLATE, "Session", (params, caller) -> render(find(params, caller)));
    routes.delete(Uris.SESSION_TEMPLATE, "Session", this::handleLogout);
  }

  SessionService render() {
    return new SessionService()
        .atOdataId(Uris.SESSION_SERVICE)
        .atOdataType(Schemas.SESSION_SERVICE.odataType())
        .id("SessionService")
        .name("Session Service")
        .description(
            "Redfish login sessions; idle sessions end after SessionTimeout seconds. At most "
                + security.limits().maxSessions()
                + " sessions, "
                + security.limits().maxSessionsPerAccount()
                + " per account; "
                + security.limits().sessionsReservedForAdministrators()
                + " of them only Administrators may open.")
        .serviceEnabled(true)
        .sessionTimeout((int) security.settings().sessionTimeout().toSeconds())
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .sessions(Uris.ref(Uris.SESSIONS));
  }

  private Object renderCollection(Caller caller) {
    List<String> members =
        security.sessions().all().stream()
            .filter(s -> mayReach(caller, s))
            .map(s -> Uris.session(s.id()))
            .toList();
    return Collections.render(
        Schemas.SESSION_COLLECTION, Uris.SESSIONS, "Session Collection", members);
  }

  static io.gpuchassis.redfish.model.Session render(Session s) {
    return new io.gpuchassis.redfish.model.Session()
        .atOdataId(Uris.session(s.id()))
        .atOdataType(Schemas.SESSION.odataType())
        .id(s.id())
        .name("User Session")
        .description("Redfish session of " + s.userName())
        .userName(s.userName())
        .createdTime(s.created().atOffset(ZoneOffset.UTC))
        .clientOriginIPAddress(s.clientAddress())
        .context(s.context().orElse(null))
        .sessionType(SessionTypes.REDFISH);
  }

  private Session find(Map<String, String> params, Caller caller) {
    String id = params.get("SessionId");
    return security
        .sessions()
        .find(id)
        .filter(s -> mayReach(caller, s))
        .orElseThrow(() -> RedfishErrors.notFound("Session", id));
  }

  /** Holders of ConfigureManager reach every session; everyone else only their own. */
  private static boolean mayReach(Caller caller, Session session) {
    return caller != null
        && (caller.has(Privilege.ConfigureManager) || caller.userName().equals(session.userName()));
  }

  private void handleLogin(RoutingContext ctx) {
    ObjectNode body = RequestBodies.object(ctx);
    List<MessageInstance> problems = new ArrayList<>();
    body.fieldNames()
        .forEachRemaining(
            name -> {
              if (!LOGIN_PROPERTIES.contains(name)) {
                problems.add(BaseMessages.PROPERTY_UNKNOWN.with(name).about("/" + name));
              }
            });
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    String userName = RequestBodies.requiredString(body, "UserName");
    String password = RequestBodies.requiredString(body, "Password");
    Optional<String> context =
        body.hasNonNull("Context")
            ? Optional.of(RequestBodies.requiredString(body, "Context"))
            : Optional.empty();
    String address =
        ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().host();
    security
        .logins()
        .check(userName, password, address, "Redfish session")
        .compose(
            account -> {
              if (account.isEmpty()) {
                // The same answer for an unknown user, a wrong password, a disabled or a locked
                // account.
                return Future.<SessionManager.Opened>failedFuture(RedfishErrors.unauthorized());
              }
              return vertx.executeBlocking(
                  () ->
                      security
                          .sessions()
                          .open(account.get(), address, context)
                          .orElseThrow(
                              () -> RedfishErrors.of(BaseMessages.SESSION_LIMIT_EXCEEDED.with())),
                  false);
            })
        .onSuccess(opened -> respondLogin(ctx, opened))
        .onFailure(failure -> fail(ctx, failure));
  }

  private void respondLogin(RoutingContext ctx, SessionManager.Opened opened) {
    ObjectNode session = RedfishResponses.tree(render(opened.session()));
    if (opened.session().passwordChangeRequired()) {
      session
          .putArray("@Message.ExtendedInfo")
          .add(
              RedfishResponses.message(
                  BaseMessages.PASSWORD_CHANGE_REQUIRED.with(
                      Uris.account(opened.session().accountId()))));
    }
    ctx.response()
        .putHeader(AgentAuthenticator.TOKEN_HEADER, opened.token())
        .putHeader("Location", Uris.session(opened.session().id()));
    RedfishResponses.json(ctx, 201, session);
  }

  private static void fail(RoutingContext ctx, Throwable failure) {
    if (failure instanceof RedfishException e) {
      RedfishResponses.error(ctx, e);
    } else {
      ctx.fail(failure);
    }
  }

  private void handleLogout(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Session session = find(ctx.pathParams(), caller);
    Offload.run(
        vertx,
        ctx,
        () -> security.sessions().close(session.id()),
        closed -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(ctx, routes.render(Uris.SESSION_SERVICE, caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    Duration[] timeout = new Duration[1];
    List<MessageInstance> rejected =
        PatchRequest.of(body, SERVICE_READ_ONLY)
            .integer(
                "SessionTimeout",
                SecuritySettings.MIN_SESSION_TIMEOUT,
                SecuritySettings.MAX_SESSION_TIMEOUT,
                seconds -> timeout[0] = Duration.ofSeconds(seconds))
            .apply();
    Offload.run(
        vertx,
        ctx,
        () -> {
          security.settings().setSessionTimeout(timeout[0]);
          return null;
        },
        done -> RedfishResponses.changed(ctx, RedfishResponses.tree(render()), rejected));
  }
}
