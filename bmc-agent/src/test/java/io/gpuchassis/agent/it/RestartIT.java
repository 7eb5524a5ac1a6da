package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the agent keeps across restarts: service UUID, certificate, accounts. Started the shipped
 * way, so it also proves the shipped hashing cost.
 */
class RestartIT {

  @TempDir Path stateDir;

  @Test
  void uuid_certificate_and_admin_survive_a_restart() throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST);
    String uuid;
    byte[] certificate;
    try (Agent agent = Agent.start(config, Map.of("BMC_AGENT_ADMIN_PASSWORD", "first-password"))) {
      AgentClient client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
      uuid = json(client.get("/redfish/v1/", null)).get("UUID").asText();
      client.get("/redfish/v1/Chassis", basic("ghost-user", "some-password"));
      certificate = Files.readAllBytes(stateDir.resolve("tls/https-cert.pem"));
    }
    // A different password in the environment must not replace the existing administrator.
    try (Agent agent = Agent.start(config, Map.of("BMC_AGENT_ADMIN_PASSWORD", "second-password"))) {
      AgentClient client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
      assertEquals(uuid, json(client.get("/redfish/v1/", null)).get("UUID").asText());
      assertEquals(
          new String(certificate), Files.readString(stateDir.resolve("tls/https-cert.pem")));
      assertEquals(
          200, client.get("/redfish/v1/Chassis", basic("admin", "first-password")).statusCode());
      assertEquals(
          401, client.get("/redfish/v1/Chassis", basic("admin", "second-password")).statusCode());
      // The first run's failed login is still in the security log.
      String log =
          client
              .get(
                  "/redfish/v1/Managers/BMC/LogServices/SecurityLog/Entries?$expand=.",
                  basic("admin", "first-password"))
              .body();
      assertTrue(
          log.contains("'ghost-user' provided invalid credentials"),
          "security log kept across the restart");
    }
    try (AgentStore store = AgentStore.open(stateDir)) {
      String stored = new AccountRepository(store).find("admin").orElseThrow().passwordHash();
      assertEquals(
          PasswordHasher.DEFAULT_ITERATIONS,
          PasswordHasher.costOf(stored),
          "an agent started the shipped way hashes at the full cost");
    }
  }
}
