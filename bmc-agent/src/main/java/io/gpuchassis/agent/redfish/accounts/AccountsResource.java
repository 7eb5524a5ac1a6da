package io.gpuchassis.agent.redfish.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.security.Account;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.agent.security.SecurityLog;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.AccountSecurityMessages;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.MessageInstance;
import io.gpuchassis.redfish.model.AccountTypes;
import io.gpuchassis.redfish.model.ManagerAccount;
import io.gpuchassis.redfish.model.ManagerAccountLinks;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /redfish/v1/AccountService/Accounts}: local accounts. Administrators (ConfigureUsers)
 * create, change and delete them; every account may read itself and change its own password
 * (ConfigureSelf). The last enabled Administrator can be neither disabled, demoted nor deleted.
 * Password, role, enablement and deletion close the account's sessions and forget its cached Basic
 * credential.
 */
public final class AccountsResource {

  private static final Set<String> CREATE_PROPERTIES =
      Set.of("UserName", "Password", "RoleId", "Enabled", "AccountTypes", "PasswordChangeRequired");
  private static final Set<String> READ_ONLY =
      Set.of("Id", "Name", "Description", "AccountTypes", "Links", "PasswordExpiration");
  private static final Set<String> SELF_WRITABLE = Set.of("Password");

  private final SecurityServices security;
  private final Vertx vertx;
  private RedfishRoutes routes;

  public AccountsResource(SecurityServices security, Vertx vertx) {
    this.security = security;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(
        Uris.ACCOUNTS,
        "ManagerAccountCollection",
        (params, caller) ->
            Collections.render(
                Schemas.MANAGER_ACCOUNT_COLLECTION,
                Uris.ACCOUNTS,
                "Accounts",
                security.accounts().list().stream().map(a -> Uris.account(a.id())).toList()));
    routes.post(Uris.ACCOUNTS, "ManagerAccountCollection", this::handleCreate);
    String member = Uris.ACCOUNT_TEMPLATE;
    routes.resource(member, "ManagerAccount", (params, caller) -> render(find(params, caller)));
    routes.patch(member, "ManagerAccount", this::handlePatch);
    routes.delete(member, "ManagerAccount", this::handleDelete);
  }

  /** The account; its Password reads as null, as the schema prescribes for every response. */
  ObjectNode render(Account a) {
    ObjectNode account = RedfishResponses.tree(renderModel(a));
    account.putNull("Password");
    return account;
  }

  private ManagerAccount renderModel(Account a) {
    return new ManagerAccount()
        .atOdataId(Uris.account(a.id()))
        .atOdataType(Schemas.MANAGER_ACCOUNT.odataType())
        .id(Long.toString(a.id()))
        .name("User Account")
        .description("Local account " + a.userName())
        .userName(a.userName())
        .roleId(a.role().name())
        .enabled(a.enabled())
        .locked(security.lockouts().isLockedAnywhere(a))
        .passwordChangeRequired(a.passwordChangeRequired())
        .accountTypes(List.of(AccountTypes.REDFISH))
        .links(new ManagerAccountLinks().role(Uris.ref(Uris.role(a.role().name()))));
  }

  /**
   * The account named by the URI, if the caller may see it: its own, or any with
   * ConfigureUsers/ConfigureManager.
   */
  private Account find(Map<String, String> params, Caller caller) {
    String id = params.get("AccountId");
    Optional<Account> account = Optional.empty();
    if (id.matches("\\d{1,18}")) {
      account = security.accounts().findById(Long.parseLong(id));
    }
    return account
        .filter(
            a -> administers(caller) || (caller != null && caller.userName().equals(a.userName())))
        .orElseThrow(() -> RedfishErrors.notFound("ManagerAccount", id));
  }

  private static boolean administers(Caller caller) {
    return caller != null
        && (caller.has(Privilege.ConfigureUsers) || caller.has(Privilege.ConfigureManager));
  }

  private void handleCreate(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ObjectNode body = RequestBodies.object(ctx);
    List<MessageInstance> problems = new ArrayList<>();
    body.fieldNames()
        .forEachRemaining(
            name -> {
              if (!CREATE_PROPERTIES.contains(name)) {
                problems.add(BaseMessages.PROPERTY_UNKNOWN.with(name).about("/" + name));
              }
            });
    for (String required : List.of("UserName", "Password", "RoleId")) {
      if (!body.hasNonNull(required)) {
        problems.add(
            BaseMessages.CREATE_FAILED_MISSING_REQ_PROPERTIES.with(required).about("/" + required));
      }
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    String userName = text(body, "UserName");
    String password = text(body, "Password");
    Role role = role(text(body, "RoleId"));
    boolean enabled = bool(body, "Enabled", true);
    boolean changeRequired = bool(body, "PasswordChangeRequired", false);
    checkUserName(userName);
    checkPassword(password);
    checkAccountTypes(body.get("AccountTypes"));
    if (security.accounts().count() >= security.limits().maxAccounts()) {
      throw accountLimitReached(); // before the cost of a hash; checked again when the account is
      // written
    }
    Offload.run(
        vertx,
        ctx,
        () -> {
          AccountRepository.Creation creation =
              security
                  .accounts()
                  .create(
                      userName,
                      security.hasher().hash(password),
                      role,
                      enabled,
                      changeRequired,
                      security.clock().instant(),
                      security.limits().maxAccounts());
          if (creation.outcome() == AccountRepository.CreateOutcome.NAME_TAKEN) {
            throw RedfishErrors.of(
                BaseMessages.RESOURCE_ALREADY_EXISTS.with("ManagerAccount", "UserName", userName));
          }
          Account created = creation.account().orElseThrow(this::accountLimitReached);
          audit(AccountSecurityMessages.ACCOUNT_CREATED, caller, ctx, userName);
          return created;
        },
        created -> {
          ctx.response().putHeader("Location", Uris.account(created.id()));
          ObjectNode rendered = RedfishResponses.tree(render(created));
          ctx.response().putHeader("ETag", io.gpuchassis.redfish.query.ETags.of(rendered));
          RedfishResponses.json(ctx, 201, rendered);
        });
  }

  private RedfishException accountLimitReached() {
    return RedfishErrors.of(
            BaseMessages.CREATE_LIMIT_REACHED_FOR_RESOURCE.with()) // 400, as OpenBMC answers it
        .withDetail("The chassis keeps at most " + security.limits().maxAccounts() + " accounts.");
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Account account = find(ctx.pathParams(), caller);
    Preconditions.checkIfMatch(
        ctx, routes.render(Uris.account(account.id()), caller).orElseThrow());
    ObjectNode body = RequestBodies.object(ctx);
    boolean admin = caller.has(Privilege.ConfigureUsers);
    if (!admin) {
      // ConfigureSelf reaches only the Password property of its own account (Privilege Registry
      // property override).
      List<String> others = new ArrayList<>();
      body.fieldNames()
          .forEachRemaining(
              n -> {
                if (!SELF_WRITABLE.contains(n) && !n.startsWith("@odata.")) {
                  others.add(n);
                }
              });
      if (!others.isEmpty()) {
        throw RedfishErrors.forbidden()
            .withDetail("Without ConfigureUsers only Password can be changed: " + others);
      }
    }
    Change change = new Change(account);
    PatchRequest patch =
        PatchRequest.of(body, READ_ONLY)
            .string("Password", this::passwordProblem, p -> change.password = p);
    if (admin) {
      patch
          .string("UserName", this::userNameProblem, u -> change.userName = u)
          .string("RoleId", AccountsResource::roleProblem, r -> change.role = Role.valueOf(r))
          .bool("Enabled", e -> null, e -> change.enabled = e)
          .bool(
              "Locked",
              l ->
                  l
                      ? BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                          .with("true", "Locked")
                          .about("/Locked")
                      : null,
              l -> change.unlock = true)
          .bool("PasswordChangeRequired", p -> null, p -> change.changeRequired = p);
    }
    List<MessageInstance> rejected = patch.apply();
    Offload.run(
        vertx,
        ctx,
        () -> change.store(caller, ctx),
        updated -> RedfishResponses.changed(ctx, RedfishResponses.tree(render(updated)), rejected));
  }

  private void handleDelete(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Account account = find(ctx.pathParams(), caller);
    Offload.run(
        vertx,
        ctx,
        () -> {
          AccountRepository.UpdateResult result = security.accounts().delete(account.id());
          refuseIfLastAdministrator(result);
          if (result == AccountRepository.UpdateResult.NOT_FOUND) {
            throw RedfishErrors.notFound("ManagerAccount", Long.toString(account.id()));
          }
          security.sessions().closeAllOf(account);
          security.authenticator().forget(account.userName());
          audit(AccountSecurityMessages.ACCOUNT_REMOVED, caller, ctx, account.userName());
          return null;
        },
        done -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }

  /** The accepted changes of one PATCH, stored together. */
  private final class Change {
    private final Account before;
    private String password;
    private String userName;
    private Role role;
    private Boolean enabled;
    private Boolean changeRequired;
    private boolean unlock;

    Change(Account before) {
      this.before = before;
    }

    /** Blocking: hashes the new password and writes the account. */
    Account store(Caller caller, RoutingContext ctx) {
      Account next = before;
      if (userName != null) {
        next = next.withUserName(userName);
      }
      if (role != null) {
        next = next.withRole(role);
      }
      if (enabled != null) {
        next = next.withEnabled(enabled);
      }
      boolean ownPassword = password != null && caller.userName().equals(before.userName());
      if (password != null) {
        // A password set by an administrator for someone else must be changed by its owner at the
        // next login.
        next = next.withPasswordHash(security.hasher().hash(password), !ownPassword);
      }
      if (changeRequired != null) {
        next = next.withPasswordHash(next.passwordHash(), changeRequired);
      }
      AccountRepository.UpdateResult result = security.accounts().update(next);
      refuseIfLastAdministrator(result);
      if (result == AccountRepository.UpdateResult.NAME_TAKEN) {
        throw RedfishErrors.of(
            BaseMessages.RESOURCE_ALREADY_EXISTS.with("ManagerAccount", "UserName", userName));
      }
      if (result == AccountRepository.UpdateResult.NOT_FOUND) {
        throw RedfishErrors.notFound("ManagerAccount", Long.toString(before.id()));
      }
      security.authenticator().forget(before.userName());
      if (unlock) {
        security.lockouts().unlock(before);
        audit(AccountSecurityMessages.ACCOUNT_UNLOCKED, caller, ctx, next.userName());
      }
      if (password != null) {
        security
            .sessions()
            .passwordChanged(before, ownPassword ? caller.sessionId() : Optional.empty());
        audit(AccountSecurityMessages.PASSWORD_MODIFIED, caller, ctx, next.userName());
      }
      if (role != null && role != before.role()) {
        security.sessions().closeAllOf(before);
        audit(
            AccountSecurityMessages.MANAGER_ACCOUNT_ROLE_CHANGED,
            caller,
            ctx,
            next.userName(),
            before.role().name(),
            role.name());
      }
      if (enabled != null && enabled != before.enabled()) {
        if (!enabled) {
          security.sessions().closeAllOf(before);
        }
        audit(
            enabled
                ? AccountSecurityMessages.ACCOUNT_ENABLED
                : AccountSecurityMessages.ACCOUNT_DISABLED,
            caller,
            ctx,
            next.userName());
      }
      if (userName != null && !userName.equals(before.userName())) {
        security.sessions().closeAllOf(before);
      }
      return next;
    }
  }

  private static void refuseIfLastAdministrator(AccountRepository.UpdateResult result) {
    if (result == AccountRepository.UpdateResult.LAST_ADMINISTRATOR) {
      throw RedfishErrors.of(BaseMessages.RESOURCE_IN_USE.with())
          .withDetail("The chassis needs at least one enabled Administrator account.");
    }
  }

  private void audit(MessageDefinition message, Caller caller, RoutingContext ctx, String... args) {
    String address =
        ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().host();
    security
        .log()
        .record(
            message.severity(),
            message.messageId(),
            message.format(List.of(args)),
            List.of(args),
            caller.userName(),
            address);
  }

  private MessageInstance passwordProblem(String password) {
    String problem = security.settings().policy().passwordProblem(password);
    return problem == null
        ? null
        : BaseMessages.PROPERTY_VALUE_ERROR.with("Password").about("/Password");
  }

  private MessageInstance userNameProblem(String name) {
    return validUserName(name)
        ? null
        : BaseMessages.PROPERTY_VALUE_FORMAT_ERROR.with(name, "UserName").about("/UserName");
  }

  private static MessageInstance roleProblem(String roleId) {
    return Arrays.stream(Role.values()).anyMatch(r -> r.name().equals(roleId))
        ? null
        : BaseMessages.PROPERTY_VALUE_NOT_IN_LIST.with(roleId, "RoleId").about("/RoleId");
  }

  /**
   * 1 to 32 characters, starting with a letter, then letters, digits, '.', '_' or '-': safe in logs
   * and URIs. The name the security log gives callers without credentials ({@value
   * SecurityLog#ANONYMOUS}) is reserved, so that no account's entries are taken for theirs.
   */
  static boolean validUserName(String name) {
    return name.matches("[A-Za-z][A-Za-z0-9._-]{0,31}")
        && !name.equalsIgnoreCase(SecurityLog.ANONYMOUS);
  }

  private static void checkUserName(String name) {
    if (!validUserName(name)) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_FORMAT_ERROR.with(name, "UserName").about("/UserName"))
          .withDetail(
              "A user name has 1 to 32 letters, digits, '.', '_' or '-', starting with a letter, and is not '"
                  + SecurityLog.ANONYMOUS
                  + "'.");
    }
  }

  private void checkPassword(String password) {
    String problem = security.settings().policy().passwordProblem(password);
    if (problem != null) {
      throw RedfishErrors.of(BaseMessages.PROPERTY_VALUE_ERROR.with("Password").about("/Password"))
          .withDetail("The password does not meet the policy: " + problem + ".");
    }
  }

  private static void checkAccountTypes(JsonNode types) {
    if (types == null || types.isNull()) {
      return;
    }
    if (!types.isArray()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR
              .with(types.toString(), "AccountTypes")
              .about("/AccountTypes"));
    }
    for (JsonNode t : types) {
      if (!t.isTextual() || !t.asText().equals("Redfish")) {
        throw RedfishErrors.of(
            BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                .with(t.asText(), "AccountTypes")
                .about("/AccountTypes"));
      }
    }
  }

  private static Role role(String roleId) {
    MessageInstance problem = roleProblem(roleId);
    if (problem != null) {
      throw RedfishErrors.of(problem);
    }
    return Role.valueOf(roleId);
  }

  private static String text(ObjectNode body, String name) {
    return RequestBodies.requiredString(body, name);
  }

  private static boolean bool(ObjectNode body, String name, boolean fallback) {
    JsonNode v = body.get(name);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (!v.isBoolean()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(v.toString(), name).about("/" + name));
    }
    return v.asBoolean();
  }
}
