package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code authentication:} settings: absent keys keep their defaults, bad values name their key.
 */
class AuthenticationLimitsTest {

  @TempDir Path dir;

  private AgentConfig read(String yaml) throws Exception {
    Path file = Files.writeString(dir.resolve("agent.yaml"), yaml);
    return ConfigFile.apply(AgentConfig.defaults(), file);
  }

  @Test
  void absent_keys_keep_their_defaults() throws Exception {
    assertEquals(AuthenticationLimits.DEFAULT, read("authentication: {}\n").authentication());
    AuthenticationLimits d = AuthenticationLimits.DEFAULT;
    assertEquals(60, d.loginAttemptsPerMinute());
    assertEquals(20, d.loginBurst());
    assertEquals(1, d.passwordCheckThreads());
    assertEquals(16, d.passwordCheckQueue());
    assertEquals(64, d.maxSessions());
    assertEquals(8, d.maxSessionsPerAccount());
    assertEquals(8, d.sessionsReservedForAdministrators());
    assertEquals(64, d.maxAccounts());
    assertEquals(10_000, d.securityLogEntries());
    assertEquals(2_000, d.securityLogUnauthenticatedEntries());
    assertEquals(Duration.ofSeconds(60), d.failureSummaryWindow());
    assertEquals(4_096, d.trackedClients());
  }

  @Test
  void given_keys_are_taken() throws Exception {
    AuthenticationLimits limits =
        read("authentication:\n  loginBurst: 5\n  maxAccounts: 10\n  failureSummaryWindow: 5m\n")
            .authentication();
    assertEquals(5, limits.loginBurst());
    assertEquals(10, limits.maxAccounts());
    assertEquals(Duration.ofMinutes(5), limits.failureSummaryWindow());
    assertEquals(60, limits.loginAttemptsPerMinute());
  }

  @Test
  void values_out_of_range_or_unknown_keys_are_errors_that_name_the_key() {
    ConfigException range =
        assertThrows(
            ConfigException.class, () -> read("authentication:\n  maxSessionsPerAccount: 100\n"));
    assertTrue(
        range
            .getMessage()
            .contains("authentication.maxSessionsPerAccount must lie between 1 and 64"),
        range.getMessage());
    ConfigException share =
        assertThrows(
            ConfigException.class,
            () ->
                read(
                    "authentication:\n  securityLogEntries: 1000\n  securityLogUnauthenticatedEntries: 900\n"));
    assertTrue(
        share.getMessage().contains("securityLogUnauthenticatedEntries"), share.getMessage());
    ConfigException window =
        assertThrows(
            ConfigException.class, () -> read("authentication:\n  failureSummaryWindow: soon\n"));
    assertTrue(window.getMessage().contains("failureSummaryWindow"), window.getMessage());
    ConfigException unknown =
        assertThrows(ConfigException.class, () -> read("authentication:\n  loginBurts: 3\n"));
    assertTrue(unknown.getMessage().contains("authentication.loginBurts"), unknown.getMessage());
  }
}
