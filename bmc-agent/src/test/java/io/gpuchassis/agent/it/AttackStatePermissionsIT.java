package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.security.TestPasswordHashing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 17: the state directory was 0755 and {@code agent.db}, with the password hashes, 0644:
 * any local user could copy the hashes. Now the state directory is 0700 and the database (with its
 * WAL and SHM), the TLS key and certificate are 0600 from their creation, and what an older agent
 * left more open is tightened at start.
 */
class AttackStatePermissionsIT {

  @TempDir Path parent;

  @Test
  void a_fresh_state_directory_is_the_agent_users_alone() throws Exception {
    Path stateDir = parent.resolve("state");
    runAndLogIn(stateDir);
    assertOwnerOnly(stateDir);
  }

  @Test
  void an_older_agents_open_state_directory_is_tightened_at_start() throws Exception {
    Path stateDir = parent.resolve("state");
    runAndLogIn(stateDir);
    loosen(stateDir);
    loosen(stateDir.resolve("tls"));
    for (String file : new String[] {"agent.db", "tls/https-key.pem", "tls/https-cert.pem"}) {
      Files.setPosixFilePermissions(
          stateDir.resolve(file), PosixFilePermissions.fromString("rw-r--r--"));
    }
    runAndLogIn(stateDir);
    assertOwnerOnly(stateDir);
  }

  private static void runAndLogIn(Path stateDir) throws Exception {
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(SimulationSpeed.FAST);
    try (Agent agent =
        Agent.start(
            config,
            Map.of("BMC_AGENT_ADMIN_PASSWORD", "permissions-password-1"),
            TestPasswordHashing.hasher())) {
      AgentClient client = new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem"));
      // A login writes to the database, so its WAL and shared-memory files exist.
      assertEquals(
          200,
          client.get("/redfish/v1/Chassis", basic("admin", "permissions-password-1")).statusCode());
      assertTrue(
          Files.exists(stateDir.resolve("agent.db-wal"))
              && Files.exists(stateDir.resolve("agent.db-shm")));
      assertOwnerOnly(stateDir);
    }
  }

  private static void assertOwnerOnly(Path stateDir) throws Exception {
    assertEquals("rwx------", mode(stateDir), "state directory");
    assertEquals("rwx------", mode(stateDir.resolve("tls")), "tls");
    for (String file : new String[] {"agent.db", "tls/https-key.pem", "tls/https-cert.pem"}) {
      assertEquals("rw-------", mode(stateDir.resolve(file)), file);
    }
    for (String file : new String[] {"agent.db-wal", "agent.db-shm"}) {
      if (Files.exists(stateDir.resolve(file))) {
        assertEquals("rw-------", mode(stateDir.resolve(file)), file);
      }
    }
  }

  private static void loosen(Path folder) throws Exception {
    Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static String mode(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }
}
