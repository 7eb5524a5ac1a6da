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

/** The route table fails closed: no route without a rule, no anonymous route outside the DSP0266 whitelist. */
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
            NullPointerException.class, () -> routes().get("/redfish/v1/Chassis", (PrivilegeRule) null, ctx -> {}));
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
        () -> routes().register(HttpMethod.PATCH, "/redfish/v1/", PrivilegeRule.NO_AUTH, ctx -> {}));
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
  void duplicate_routes_and_routes_outside_the_prefix_are_refused() {
    RedfishRoutes routes = routes();
    PrivilegeRule login = PrivilegeRule.allOf(Privilege.Login);
    routes.get("/redfish/v1/Managers", login, ctx -> {});
    assertThrows(IllegalArgumentException.class, () -> routes.get("/redfish/v1/Managers", login, ctx -> {}));
    assertThrows(IllegalArgumentException.class, () -> routes.get("/other", login, ctx -> {}));
  }

  @Test
  void an_empty_privilege_rule_cannot_be_built() {
    assertThrows(IllegalArgumentException.class, PrivilegeRule::allOf);
  }

  @Test
  void privilege_rules_combine_all_of_within_and_any_of_across_alternatives() {
    PrivilegeRule rule =
        PrivilegeRule.allOf(Privilege.ConfigureManager).or(Privilege.ConfigureSelf, Privilege.Login);
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
