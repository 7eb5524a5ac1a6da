package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.LoginAttacks.createAccount;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.config.AuthenticationLimits;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 6: a ReadOnly user could open all 64 sessions, and an administrator's login then got 503.
 * Now one account holds at most {@code maxSessionsPerAccount} sessions, and {@code
 * sessionsReservedForAdministrators} of the total are kept for Administrator accounts: other roles
 * together never get them (defaults).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AttackSessionHoardingIT {

  static final AuthenticationLimits LIMITS = AuthenticationLimits.DEFAULT;

  @TempDir static Path stateDir;
  static TestAgent agent;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  @Order(1)
  void one_read_only_account_cannot_take_every_session() throws Exception {
    try (SourceBoundClient hoarder = new SourceBoundClient(agent, "127.0.0.21")) {
      int opened = 0;
      SourceBoundClient.Response refused = null;
      for (int i = 0; i < LIMITS.maxSessions(); i++) {
        SourceBoundClient.Response r = hoarder.login("reader", TestAgent.READER_PASSWORD);
        if (r.status() == 201) {
          opened++;
        } else {
          refused = r;
        }
      }
      assertEquals(LIMITS.maxSessionsPerAccount(), opened);
      assertSessionLimit(refused);
    }
    assertAdministratorLogsIn();
  }

  @Test
  @Order(2)
  void many_low_privilege_accounts_together_leave_the_administrators_room() throws Exception {
    int others = LIMITS.maxSessions() - LIMITS.sessionsReservedForAdministrators();
    int accounts = others / LIMITS.maxSessionsPerAccount() + 1;
    int opened = 0;
    SourceBoundClient.Response refused = null;
    try (SourceBoundClient hoarders = new SourceBoundClient(agent, "127.0.0.22")) {
      for (int a = 0; a < accounts; a++) {
        String name = "hoarder" + a;
        createAccount(
            agent.client, name, "hoarder-password-1", a % 2 == 0 ? "ReadOnly" : "Operator");
        for (int i = 0; i < LIMITS.maxSessionsPerAccount(); i++) {
          SourceBoundClient.Response r = hoarders.login(name, "hoarder-password-1");
          if (r.status() == 201) {
            opened++;
          } else {
            refused = r;
          }
        }
      }
    }
    JsonNode all =
        AgentClient.json(agent.client.get("/redfish/v1/SessionService/Sessions", TestAgent.ADMIN));
    assertEquals(
        others,
        all.get("Members@odata.count").asInt(),
        "all sessions but the administrators' share");
    assertSessionLimit(refused);
    assertAdministratorLogsIn();
  }

  private static void assertSessionLimit(SourceBoundClient.Response refused) throws Exception {
    assertEquals(503, refused.status(), refused.body());
    assertEquals(
        "Base.1.22.1.SessionLimitExceeded",
        AgentClient.JSON
            .readTree(refused.body())
            .at("/error/@Message.ExtendedInfo/0/MessageId")
            .asText());
  }

  /** From its own console: the administrator still gets a session. */
  private static void assertAdministratorLogsIn() throws Exception {
    try (SourceBoundClient admin = new SourceBoundClient(agent, "127.0.0.23")) {
      SourceBoundClient.Response r = admin.login("admin", TestAgent.ADMIN_PASSWORD);
      assertEquals(201, r.status(), r.body());
      assertEquals(
          204,
          admin
              .send("DELETE", r.header("Location"), "token:" + r.header("X-Auth-Token"), null)
              .status());
    }
  }
}
