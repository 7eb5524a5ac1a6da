package io.gpuchassis.redfish.route;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.EnumSet;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The route table fails closed: no route without a rule, no anonymous route outside the DSP0266
 * whitelist.
 */
class RedfishRoutesTest {

  private static Vertx vertx;
  private final Authenticator nobody = request -> Future.succeededFuture(Optional.empty());

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    vertx.close().await();
  }

  private RedfishRoutes routes() {
    return new RedfishRoutes(Router.router(vertx), nobody, "/redfish");
  }

  @Test
  void a_route_without_a_privilege_rule_cannot_be_registered() {
    var e =
        assertThrows(
            NullPointerException.class,
            () -> routes().get("/redfish/v1/Chassis", (PrivilegeRule) null, ctx -> {}));
    assertTrue(e.getMessage().contains("/redfish/v1/Chassis"));
  }

  @Test
  void no_auth_is_refused_outside_the_whitelist() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> routes().get("/redfish/v1/Chassis", PrivilegeRule.NO_AUTH, ctx -> {}));
    assertTrue(e.getMessage().contains("without authentication"));
  }

  @Test
  void no_auth_is_refused_for_writes_even_on_whitelisted_paths() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            routes().register(HttpMethod.PATCH, "/redfish/v1/", PrivilegeRule.NO_AUTH, ctx -> {}));
  }

  @Test
  void whitelisted_reads_may_be_anonymous() {
    RedfishRoutes routes = routes();
    for (String path : RedfishRoutes.NO_AUTH_PATHS) {
      assertDoesNotThrow(() -> routes.get(path, PrivilegeRule.NO_AUTH, ctx -> {}));
    }
    assertEquals(2 * RedfishRoutes.NO_AUTH_PATHS.size(), routes.entries().size());
  }

  @Test
  void a_post_to_a_collection_is_also_taken_at_its_members_with_the_same_privilege() {
    RedfishRoutes routes = routes();
    routes.post("/redfish/v1/AccountService/Accounts", "ManagerAccountCollection", ctx -> {});
    routes.post(
        "/redfish/v1/Systems/{SystemId}/Actions/ComputerSystem.AddResourceBlock",
        "ComputerSystem",
        ctx -> {});
    routes.login(RedfishRoutes.LOGIN_PATH, ctx -> {});
    var posts = routes.entries().stream().map(RouteEntry::template).toList();
    assertEquals(
        java.util.List.of(
            "/redfish/v1/AccountService/Accounts",
            "/redfish/v1/AccountService/Accounts/Members",
            "/redfish/v1/Systems/{SystemId}/Actions/ComputerSystem.AddResourceBlock",
            "/redfish/v1/SessionService/Sessions",
            "/redfish/v1/SessionService/Sessions/Members"),
        posts,
        "an action is no collection: it has no Members");
    assertEquals(routes.entries().get(0).privilege(), routes.entries().get(1).privilege());
    assertTrue(RedfishRoutes.isLogin("/redfish/v1/SessionService/Sessions/Members"));
  }

  @Test
  void a_resource_is_described_by_the_json_schema_of_its_type() {
    assertEquals(
        Optional.of("http://redfish.dmtf.org/schemas/v1/Chassis.v1_28_0.json"),
        io.gpuchassis.redfish.odata.SchemaLinks.dmtf("#Chassis.v1_28_0.Chassis"));
    assertEquals(
        Optional.of("http://redfish.dmtf.org/schemas/v1/ChassisCollection.json"),
        io.gpuchassis.redfish.odata.SchemaLinks.dmtf("#ChassisCollection.ChassisCollection"));
    assertEquals(Optional.empty(), io.gpuchassis.redfish.odata.SchemaLinks.dmtf("Chassis"));
  }

  @Test
  void duplicate_routes_and_routes_outside_the_prefix_are_refused() {
    RedfishRoutes routes = routes();
    PrivilegeRule login = PrivilegeRule.allOf(Privilege.Login);
    routes.get("/redfish/v1/Managers", login, ctx -> {});
    assertThrows(
        IllegalArgumentException.class, () -> routes.get("/redfish/v1/Managers", login, ctx -> {}));
    assertThrows(IllegalArgumentException.class, () -> routes.get("/other", login, ctx -> {}));
  }

  @Test
  void an_empty_privilege_rule_cannot_be_built() {
    assertThrows(IllegalArgumentException.class, PrivilegeRule::allOf);
  }

  @Test
  void privilege_rules_combine_all_of_within_and_any_of_across_alternatives() {
    PrivilegeRule rule =
        PrivilegeRule.allOf(Privilege.ConfigureManager)
            .or(Privilege.ConfigureSelf, Privilege.Login);
    assertTrue(rule.isSatisfiedBy(EnumSet.of(Privilege.ConfigureManager)));
    assertTrue(rule.isSatisfiedBy(EnumSet.of(Privilege.ConfigureSelf, Privilege.Login)));
    assertFalse(rule.isSatisfiedBy(EnumSet.of(Privilege.ConfigureSelf)));
    assertFalse(rule.isSatisfiedBy(EnumSet.noneOf(Privilege.class)));
  }

  @Test
  void redfish_templates_become_vertx_paths() {
    assertEquals(
        "/redfish/v1/Chassis/:ChassisId/PCIeSlots",
        RedfishRoutes.vertxPath("/redfish/v1/Chassis/{ChassisId}/PCIeSlots"));
  }
}
