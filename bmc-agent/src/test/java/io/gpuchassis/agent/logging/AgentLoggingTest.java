package io.gpuchassis.agent.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.LogSettings;
import io.gpuchassis.agent.config.LogSettings.Level;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class AgentLoggingTest {

  private static final Logger HTTP = LoggerFactory.getLogger("io.gpuchassis.agent.http.Probe");
  private static final Logger STORE = LoggerFactory.getLogger("io.gpuchassis.agent.store.Probe");

  @AfterEach
  void restore() {
    AgentLogging.apply(AgentConfig.defaults());
  }

  @Test
  void lines_go_to_stdout_by_default_with_the_logger_name_and_message() {
    AgentLogging.apply(AgentConfig.defaults());
    String[] captured = capture(() -> STORE.info("hello journal"));
    assertTrue(
        captured[0].contains("INFO Probe: hello journal")
            || captured[0].contains("<6>Probe: hello journal"),
        captured[0]);
    assertEquals("", captured[1], "nothing on stderr");
  }

  @Test
  void the_configured_levels_apply_to_their_loggers_and_the_rest() {
    AgentLogging.apply(
        AgentConfig.defaults()
            .withLogging(
                new LogSettings(Level.WARN, Map.of("io.gpuchassis.agent.http", Level.DEBUG))));
    assertTrue(HTTP.isDebugEnabled(), "the named logger's children at debug");
    assertFalse(STORE.isInfoEnabled(), "the rest at warn");
    assertTrue(STORE.isWarnEnabled());
    String out =
        capture(
            () -> {
              HTTP.debug("http detail");
              STORE.info("store chatter");
              STORE.warn("store warning");
            })[0];
    assertTrue(out.contains("http detail") && out.contains("store warning"), out);
    assertFalse(out.contains("store chatter"), out);
  }

  @Test
  void netty_vertx_and_pi4j_stay_quiet_and_pi4j_board_probing_silent_unless_named() {
    AgentLogging.apply(AgentConfig.defaults().withLogging(new LogSettings(Level.DEBUG, Map.of())));
    assertFalse(LoggerFactory.getLogger("io.netty.channel.X").isInfoEnabled());
    assertFalse(LoggerFactory.getLogger("io.vertx.core.X").isInfoEnabled());
    assertFalse(LoggerFactory.getLogger("com.pi4j.boardinfo.X").isErrorEnabled());
    assertFalse(LoggerFactory.getLogger("com.pi4j.context.X").isInfoEnabled());
    assertTrue(LoggerFactory.getLogger("com.pi4j.context.X").isWarnEnabled());
    AgentLogging.apply(
        AgentConfig.defaults()
            .withLogging(new LogSettings(Level.INFO, Map.of("io.netty", Level.DEBUG))));
    assertTrue(
        LoggerFactory.getLogger("io.netty.channel.X").isDebugEnabled(), "named: as configured");
    AgentLogging.apply(AgentConfig.defaults().withLogging(new LogSettings(Level.ERROR, Map.of())));
    assertFalse(
        LoggerFactory.getLogger("io.netty.channel.X").isWarnEnabled(),
        "never noisier than the rest");
  }

  @Test
  void a_console_on_the_agents_terminal_sends_the_lines_to_stderr() {
    AgentConfig stdio =
        AgentConfig.defaults()
            .withConsole(
                AgentConfig.defaults().console().withDevices(List.of("/dev/ttyS1", "stdio")));
    assertTrue(AgentLogging.logsToStderr(stdio));
    assertFalse(AgentLogging.logsToStderr(AgentConfig.defaults()));
    assertFalse(
        AgentLogging.logsToStderr(
            AgentConfig.defaults()
                .withConsole(AgentConfig.defaults().console().withDevices(List.of("/dev/ttyS1")))));

    AgentLogging.apply(stdio);
    String[] captured = capture(() -> STORE.warn("beside the console"));
    assertEquals("", captured[0], "stdout is the technician's");
    assertTrue(captured[1].contains("beside the console"), captured[1]);
  }

  /** What {@code action} logged to stdout and to stderr. */
  private static String[] capture(Runnable action) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream newOut = new ByteArrayOutputStream();
    ByteArrayOutputStream newErr = new ByteArrayOutputStream();
    System.setOut(new PrintStream(newOut, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(newErr, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return new String[] {
      newOut.toString(StandardCharsets.UTF_8), newErr.toString(StandardCharsets.UTF_8)
    };
  }
}
