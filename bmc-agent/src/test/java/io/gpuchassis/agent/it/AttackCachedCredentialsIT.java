package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.LoginAttacks.createAccount;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 18: a Basic credential remembered for a minute (so that polling does not pay a hash per
 * request) was honoured even after the account was locked out. Now a remembered credential counts
 * only while its account exists under that name, is enabled, has the same password and is not
 * locked out for the request's address.
 */
class AttackCachedCredentialsIT {

  static final String CHASSIS = "/redfish/v1/Chassis";

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
  void a_lockout_applies_to_a_remembered_credential_at_the_locked_address() throws Exception {
    createAccount(agent.client, "poller", "poller-password-1", "ReadOnly");
    String credential = basic("poller", "poller-password-1");
    try (SourceBoundClient shared = new SourceBoundClient(agent, "127.0.0.51");
        SourceBoundClient elsewhere = new SourceBoundClient(agent, "127.0.0.52")) {
      assertEquals(200, shared.get(CHASSIS, credential).status(), "verified, and now remembered");
      assertEquals(200, elsewhere.get(CHASSIS, credential).status());
      for (int i = 0; i < 5; i++) {
        assertEquals(401, shared.get(CHASSIS, basic("poller", "guess-" + i)).status());
      }
      assertEquals(
          401, shared.get(CHASSIS, credential).status(), "locked out here, remembered or not");
      assertEquals(200, elsewhere.get(CHASSIS, credential).status(), "not locked out elsewhere");
    }
  }

  @Test
  void disabling_deleting_or_a_new_password_ends_a_remembered_credential() throws Exception {
    for (String change : new String[] {"disable", "password", "delete"}) {
      String name = "cached-" + change;
      String uri = createAccount(agent.client, name, "cached-password-1", "ReadOnly");
      String credential = basic(name, "cached-password-1");
      assertEquals(200, agent.client.get(CHASSIS, credential).statusCode());
      int status =
          switch (change) {
            case "disable" ->
                agent
                    .client
                    .send("PATCH", uri, TestAgent.ADMIN, "{\"Enabled\":false}")
                    .statusCode();
            case "password" ->
                agent
                    .client
                    .send("PATCH", uri, TestAgent.ADMIN, "{\"Password\":\"another-password-2\"}")
                    .statusCode();
            default -> agent.client.send("DELETE", uri, TestAgent.ADMIN, null).statusCode();
          };
      assertEquals(change.equals("delete") ? 204 : 200, status);
      assertEquals(401, agent.client.get(CHASSIS, credential).statusCode(), change);
    }
  }
}
