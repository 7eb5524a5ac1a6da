package io.gpuchassis.agent.redfish.accounts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.AccountPolicy;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.AccountService;
import io.gpuchassis.redfish.model.AccountTypes;
import io.gpuchassis.redfish.model.BasicAuthState;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.LocalAccountAuth;
import io.gpuchassis.redfish.model.PrivilegeType;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * {@code /redfish/v1/AccountService} (password and lockout policy, writable by ConfigureUsers) and
 * its predefined, immutable {@code Roles}.
 */
public final class AccountServiceResource {

  private static final Set<String> READ_ONLY =
      Set.of(
          "Id",
          "Name",
          "Description",
          "ServiceEnabled",
          "Status",
          "Accounts",
          "Roles",
          "SupportedAccountTypes",
          "HTTPBasicAuth",
          "LocalAccountAuth",
          "AccountLockoutCounterResetEnabled",
          "PasswordGuidanceMessage");

  private final SecurityServices security;
  private final Vertx vertx;
  private RedfishRoutes routes;

  public AccountServiceResource(SecurityServices security, Vertx vertx) {
    this.security = security;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(Uris.ACCOUNT_SERVICE, "AccountService", (params, caller) -> render());
    routes.patch(Uris.ACCOUNT_SERVICE, "AccountService", this::handlePatch);
    routes.resource(
        Uris.ROLES,
        "RoleCollection",
        (params, caller) ->
            Collections.render(
                Schemas.ROLE_COLLECTION,
                Uris.ROLES,
                "Roles",
                Arrays.stream(Role.values()).map(r -> Uris.role(r.name())).toList()));
    routes.resource(
        Uris.ROLE_TEMPLATE, "Role", (params, caller) -> renderRole(params.get("RoleId")));
  }

  AccountService render() {
    AccountPolicy p = security.settings().policy();
    return new AccountService()
        .atOdataId(Uris.ACCOUNT_SERVICE)
        .atOdataType(Schemas.ACCOUNT_SERVICE.odataType())
        .id("AccountService")
        .name("Account Service")
        .description(
            "Local accounts of the chassis manager, at most "
                + security.limits().maxAccounts()
                + ". Lockout counts"
                + " failed logins per account and client address: AccountLockoutThreshold failures from one address"
                + " lock the account for that address only, for AccountLockoutDuration seconds.")
        .serviceEnabled(true)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .minPasswordLength(p.minPasswordLength())
        .maxPasswordLength(p.maxPasswordLength())
        .passwordGuidanceMessage(
            "Passwords need "
                + p.minPasswordLength()
                + " to "
                + p.maxPasswordLength()
                + " characters and no control characters.")
        .accountLockoutThreshold(p.lockoutThreshold())
        .accountLockoutDuration((int) p.lockoutDuration().toSeconds())
        .accountLockoutCounterResetAfter((int) p.lockoutCounterResetAfter().toSeconds())
        .accountLockoutCounterResetEnabled(true)
        .supportedAccountTypes(List.of(AccountTypes.REDFISH))
        .htTPBasicAuth(BasicAuthState.ENABLED)
        .localAccountAuth(LocalAccountAuth.ENABLED)
        .accounts(Uris.ref(Uris.ACCOUNTS))
        .roles(Uris.ref(Uris.ROLES));
  }

  static io.gpuchassis.redfish.model.Role renderRole(String id) {
    Role role =
        Arrays.stream(Role.values())
            .filter(r -> r.name().equals(id))
            .findFirst()
            .orElseThrow(() -> RedfishErrors.notFound("Role", id));
    return new io.gpuchassis.redfish.model.Role()
        .atOdataId(Uris.role(role.name()))
        .atOdataType(Schemas.ROLE.odataType())
        .id(role.name())
        .name(role.name() + " role")
        .description("Predefined Redfish role")
        .roleId(role.name())
        .isPredefined(true)
        .assignedPrivileges(
            Arrays.stream(Privilege.values())
                .filter(role.privileges()::contains)
                .map(p -> PrivilegeType.fromValue(p.name()))
                .toList());
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(ctx, routes.render(Uris.ACCOUNT_SERVICE, caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    AccountPolicy current = security.settings().policy();
    long[] v = {
      current.minPasswordLength(),
      current.maxPasswordLength(),
      current.lockoutThreshold(),
      current.lockoutDuration().toSeconds(),
      current.lockoutCounterResetAfter().toSeconds()
    };
    List<MessageInstance> rejected =
        PatchRequest.of(body, READ_ONLY)
            .integer(
                "MinPasswordLength",
                AccountPolicy.MIN_PASSWORD_FLOOR,
                AccountPolicy.MAX_PASSWORD_CEILING,
                x -> v[0] = x)
            .integer(
                "MaxPasswordLength",
                AccountPolicy.MIN_PASSWORD_FLOOR,
                AccountPolicy.MAX_PASSWORD_CEILING,
                x -> v[1] = x)
            .integer("AccountLockoutThreshold", 0, 100, x -> v[2] = x)
            .integer(
                "AccountLockoutDuration", 1, AccountPolicy.MAX_LOCKOUT.toSeconds(), x -> v[3] = x)
            .integer(
                "AccountLockoutCounterResetAfter",
                1,
                AccountPolicy.MAX_LOCKOUT.toSeconds(),
                x -> v[4] = x)
            .apply();
    AccountPolicy next;
    try {
      next =
          new AccountPolicy(
              (int) v[0],
              (int) v[1],
              (int) v[2],
              Duration.ofSeconds(v[3]),
              Duration.ofSeconds(v[4]));
    } catch (IllegalArgumentException e) {
      // Each value was in range but together they contradict (e.g. minimum above maximum): change
      // nothing.
      MessageInstance conflict =
          v[0] > v[1]
              ? BaseMessages.PROPERTY_VALUE_CONFLICT.with("MinPasswordLength", "MaxPasswordLength")
              : BaseMessages.PROPERTY_VALUE_CONFLICT.with(
                  "AccountLockoutCounterResetAfter", "AccountLockoutDuration");
      throw RedfishErrors.of(conflict).withDetail(e.getMessage());
    }
    Offload.run(
        vertx,
        ctx,
        () -> {
          security.settings().setPolicy(next);
          return null;
        },
        done -> RedfishResponses.changed(ctx, RedfishResponses.tree(render()), rejected));
  }
}
