package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.LoginAttacks.createAccount;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 11: anyone could lock any non-administrator account from any address, by failing its
 * login five times. Now the failures lock the account only for the address they came from: the
 * attacker locks out themselves, the account's owner logging in from elsewhere is not affected. The
 * DSP0266 properties keep their meaning per address.
 */
class AttackLockoutIT {

  static final String ATTACKER = "127.0.0.41";
  static final String OWNER = "127.0.0.42";

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
  void failures_from_one_address_do_not_lock_the_owner_out_from_another() throws Exception {
    for (String role : new String[] {"Operator", "ReadOnly", "Administrator"}) {
      String name = "victim-" + role.toLowerCase();
      String uri = createAccount(agent.client, name, "victim-password-1", role);
      try (SourceBoundClient attacker = new SourceBoundClient(agent, ATTACKER);
          SourceBoundClient owner = new SourceBoundClient(agent, OWNER)) {
        for (int i = 0; i < 5; i++) {
          assertEquals(
              401, attacker.get("/redfish/v1/Chassis", basic(name, "guess-" + i)).status());
        }
        assertEquals(
            401,
            attacker.get("/redfish/v1/Chassis", basic(name, "victim-password-1")).status(),
            role + ": the guesser's address is locked out, even with the right password");
        assertEquals(
            200,
            owner.get("/redfish/v1/Chassis", basic(name, "victim-password-1")).status(),
            role + ": the owner, elsewhere, is not");
        assertEquals(201, owner.login(name, "victim-password-1").status(), role + ": sessions too");

        JsonNode account = json(agent.client.get(uri, TestAgent.ADMIN));
        assertTrue(account.get("Locked").asBoolean(), "Locked: locked out for some address");
        assertEquals(
            200,
            agent.client.send("PATCH", uri, TestAgent.ADMIN, "{\"Locked\":false}").statusCode());
        assertFalse(json(agent.client.get(uri, TestAgent.ADMIN)).get("Locked").asBoolean());
        assertEquals(
            200,
            attacker.get("/redfish/v1/Chassis", basic(name, "victim-password-1")).status(),
            "unlocked for every address");
      }
    }
  }

  @Test
  void the_account_service_says_how_lockout_counts() throws Exception {
    JsonNode service = json(agent.client.get("/redfish/v1/AccountService", TestAgent.READER));
    assertEquals(5, service.get("AccountLockoutThreshold").asInt());
    assertTrue(service.get("AccountLockoutCounterResetEnabled").asBoolean());
    assertTrue(
        service.get("Description").asText().contains("per account and client address"),
        service.get("Description").asText());
  }
}
