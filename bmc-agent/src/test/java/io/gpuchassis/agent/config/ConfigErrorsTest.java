package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every configuration error names the file, the line and the key, in an operator's words. */
class ConfigErrorsTest {

  /** What must never reach an operator: Java type names, Jackson's phrasing, ISO-8601 durations. */
  private static final Pattern JAVA_TALK =
      Pattern.compile("java\\.|Cannot deserialize|`|\\bPT\\d|Integer|Long\\b");

  @TempDir Path dir;

  private String error(String yaml) throws Exception {
    Path file = dir.resolve("config.yaml");
    Files.writeString(file, yaml);
    String message =
        assertThrows(ConfigException.class, () -> ConfigFile.apply(AgentConfig.defaults(), file))
            .getMessage();
    assertTrue(message.startsWith("configuration file " + file), message);
    assertFalse(JAVA_TALK.matcher(message).find(), "no Java in: " + message);
    return message;
  }

  private static void contains(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), "'" + part + "' in: " + message);
    }
  }

  @Test
  void a_key_given_twice_is_refused_with_both_lines() throws Exception {
    contains(
        error("listen: 127.0.0.1:1\nstateDir: s\nlisten: 127.0.0.1:2\n"),
        ", line 3: listen is given twice (first on line 1)");
    contains(
        error("http:\n  maxConnections: 100\n  idleTimeout: 5s\n  maxConnections: 200\n"),
        ", line 4: http.maxConnections is given twice (first on line 2)");
  }

  @Test
  void a_wrong_type_says_what_was_expected_and_found() throws Exception {
    contains(
        error("stateDir: s\nhttp:\n  maxConnections: abc\n"),
        ", line 3: http.maxConnections: expected a whole number, found 'abc'");
    contains(
        error("outbound:\n  allowHttp: sometimes\n"),
        ", line 2: outbound.allowHttp: expected true or false, found 'sometimes'");
    contains(
        error("authentication:\n\n  maxSessions: 1.5\n"),
        ", line 3: authentication.maxSessions: expected a whole number, found '1.5'");
    contains(
        error("console:\n  devices: /dev/ttyS0\n"),
        ", line 2: console.devices: expected a list, found '/dev/ttyS0'");
    contains(
        error("sensors: 5\n"),
        ", line 1: sensors: expected a mapping of keys (key: value lines), found '5'");
    contains(error("listen: [a, b]\n"), ", line 1: listen: expected a single value, found a list");
  }

  @Test
  void an_unknown_key_lists_the_known_ones() throws Exception {
    contains(
        error("stateDir: s\nhttp:\n  maxConnection: 10\n"),
        ", line 3: unknown key 'http.maxConnection'; http takes: idleTimeout, maxConnections, maxHeaderBytes,");
    contains(
        error("listne: 127.0.0.1:1\n"),
        ", line 1: unknown key 'listne'; the file takes: authentication, composition, console, dataPorts, firmware, hardware, http,"
            + " listen,");
  }

  @Test
  void a_bad_value_names_its_line_and_echoes_durations_as_written() throws Exception {
    contains(
        error("\nswitches:\n  pollInterval: 1ms\n"),
        ", line 3: switches.pollInterval must lie between 50ms and 10m, not 1ms");
    contains(
        error("http:\n  requestTimeout: 500ms\n"),
        ", line 2: http.requestTimeout must lie between 1s and 1h," + " not 500ms");
    contains(
        error("authentication:\n  failureSummaryWindow: 2h\n"),
        ", line 2: authentication.failureSummaryWindow must lie between 1s and 1h, not 2h");
    contains(
        error("outbound:\n  uploadDeadline: 5s\n"),
        ", line 2: outbound.uploadDeadline must lie between 10s and 1h, not 5s");
    contains(
        error("outbound:\n  sseOverflowGrace: 6m\n"),
        ", line 2: outbound.sseOverflowGrace must lie between 0s and 5m, not 6m");
    contains(
        error("console:\n  baud: 9600\n  loginTimeout: 2h\n"),
        ", line 3: console.loginTimeout must lie between 1s and 1h, not 2h");
    contains(
        error("http:\n  maxConnections: 5\n"),
        ", line 2: http.maxConnections must lie between 8 and 10000, not 5");
    contains(
        error("console:\n  idleTimeout: soon\n"),
        ", line 2: console.idleTimeout: 'soon' is not a duration such as 500ms, 2s, 5m or 1h");
    contains(
        error("hardware:\n  mode: fake\n"),
        ", line 2: hardware.mode: 'fake' is not one of: simulated, real");
    contains(
        error("outbound:\n  deniedNetworks: [10.0.0.0/8, nowhere]\n"),
        ", line 2: outbound.deniedNetworks: 'nowhere' is not a network");
    contains(
        error("tls:\n  certificate: c.pem\n"),
        ", line 1: tls.certificate and tls.privateKey must be given together");
  }

  @Test
  void the_logging_section_is_checked_like_every_other() throws Exception {
    contains(
        error("logging:\n  level: loud\n"),
        ", line 2: logging.level: 'loud' is not one of: error, warn, info, debug, trace, off");
    contains(
        error("logging:\n  levels:\n    io.gpuchassis.agent.http: debug\n    io.netty: chatty\n"),
        ", line 4: logging.levels.io.netty: 'chatty' is not one of");
    contains(
        error("logging:\n  levels:\n    'no such logger': debug\n"),
        "logging.levels: 'no such logger' is not a logger name");
    Path file = dir.resolve("ok.yaml");
    Files.writeString(
        file, "logging:\n  level: WARN\n  levels:\n    io.gpuchassis.agent.http: debug\n");
    LogSettings read = ConfigFile.apply(AgentConfig.defaults(), file).logging();
    assertEquals(LogSettings.Level.WARN, read.level());
    assertEquals(
        java.util.Map.of("io.gpuchassis.agent.http", LogSettings.Level.DEBUG), read.levels());
  }

  @Test
  void a_file_that_is_not_one_mapping_is_refused() throws Exception {
    contains(error("- listen\n- stateDir\n"), ", line 1: the file must be a mapping of keys");
    contains(
        error("listen: 127.0.0.1:1\n---\nlisten: 127.0.0.1:2\n"), "more than one YAML document");
    contains(error("listen: 127.0.0.1:1\n  stateDir: s\n"), ", line 2: not valid YAML");
  }

  @Test
  void a_file_of_comments_only_keeps_the_defaults() throws Exception {
    Path file = dir.resolve("comments.yaml");
    Files.writeString(file, "# nothing set here\n#listen: 0.0.0.0:443\n");
    assertEquals(AgentConfig.defaults(), ConfigFile.apply(AgentConfig.defaults(), file));
  }
}
