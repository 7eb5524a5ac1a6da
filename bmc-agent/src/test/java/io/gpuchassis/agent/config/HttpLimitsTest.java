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
 * The {@code http:} settings: defaults, read from the configuration file, and refused with the key
 * named.
 */
class HttpLimitsTest {

  @TempDir Path dir;

  @Test
  void the_defaults_are_the_documented_ones() {
    HttpLimits d = HttpLimits.DEFAULT;
    assertEquals(128, d.maxConnections());
    assertEquals(32, d.maxUnauthenticatedConnections());
    assertEquals(8, d.maxUnauthenticatedConnectionsPerAddress());
    assertEquals(8, d.reservedAdministratorConnections());
    assertEquals(88, d.maxOtherAuthenticatedConnections());
    assertEquals(Duration.ofSeconds(10), d.tlsHandshakeTimeout());
    assertEquals(Duration.ofSeconds(10), d.requestHeaderTimeout());
    assertEquals(Duration.ofSeconds(60), d.idleTimeout());
    assertEquals(Duration.ofSeconds(20), d.requestBodyTimeout());
    assertEquals(1024, d.requestBodyMinRate());
    assertEquals(Duration.ofSeconds(30), d.requestTimeout());
    assertEquals(1024 * 1024, d.maxRequestBodyBytes());
    assertEquals(16 * 1024, d.maxHeaderBytes());
    assertEquals(8 * 1024, d.maxRequestLineBytes());
    assertEquals(d, AgentConfig.defaults().http());
  }

  @Test
  void the_file_sets_some_keys_and_the_others_keep_their_defaults() throws Exception {
    HttpLimits read =
        read(
            """
        http:
          maxConnections: 64
          maxUnauthenticatedConnections: 16
          requestHeaderTimeout: 5s
          requestBodyTimeout: 1500ms
          requestBodyMinRate: 0
        """);
    assertEquals(64, read.maxConnections());
    assertEquals(16, read.maxUnauthenticatedConnections());
    assertEquals(Duration.ofSeconds(5), read.requestHeaderTimeout());
    assertEquals(Duration.ofMillis(1500), read.requestBodyTimeout());
    assertEquals(0, read.requestBodyMinRate());
    assertEquals(HttpLimits.DEFAULT.idleTimeout(), read.idleTimeout());
    assertEquals(
        HttpLimits.DEFAULT.maxUnauthenticatedConnectionsPerAddress(),
        read.maxUnauthenticatedConnectionsPerAddress());
  }

  @Test
  void bad_values_are_refused_with_the_key_named() {
    assertRefused("http:\n  maxConnections: 2\n", "http.maxConnections");
    assertRefused("http:\n  requestHeaderTimeout: 10\n", "http.requestHeaderTimeout");
    assertRefused("http:\n  requestHeaderTimeout: 2h\n", "http.requestHeaderTimeout");
    assertRefused("http:\n  idleTimeout: 0s\n", "http.idleTimeout");
    assertRefused(
        "http:\n  maxUnauthenticatedConnectionsPerAddress: 40\n",
        "http.maxUnauthenticatedConnectionsPerAddress");
    assertRefused(
        "http:\n  maxConnections: 40\n  maxUnauthenticatedConnections: 32\n",
        "http.reservedAdministratorConnections");
    assertRefused("http:\n  requestBodyMinRate: -1\n", "http.requestBodyMinRate");
    assertRefused("http:\n  maxRequestBodyBytes: 10\n", "http.maxRequestBodyBytes");
    assertRefused("http:\n  maxConection: 10\n", "http.maxConection");
  }

  private void assertRefused(String yaml, String key) {
    ConfigException e = assertThrows(ConfigException.class, () -> read(yaml));
    assertTrue(e.getMessage().contains(key), e.getMessage());
  }

  private HttpLimits read(String yaml) throws Exception {
    Path file = dir.resolve("agent.yaml");
    Files.writeString(file, yaml);
    return ConfigFile.apply(AgentConfig.defaults(), file).http();
  }
}
