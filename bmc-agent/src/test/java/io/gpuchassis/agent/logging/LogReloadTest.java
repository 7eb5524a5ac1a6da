package io.gpuchassis.agent.logging;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class LogReloadTest {

  private static final Logger HTTP = LoggerFactory.getLogger("io.gpuchassis.agent.http.Probe");

  @TempDir Path dir;

  @AfterEach
  void restore() {
    AgentLogging.apply(AgentConfig.defaults());
  }

  @Test
  void a_reload_applies_the_new_levels_and_keeps_the_old_ones_when_the_file_does_not_pass()
      throws Exception {
    Path file = dir.resolve("config.yaml");
    Files.writeString(file, "stateDir: state\nlogging:\n  level: info\n");
    AgentConfig atStart = ConfigFile.apply(AgentConfig.defaults(), file);
    AgentLogging.apply(atStart);
    LogReload reload = LogReload.of(file, atStart);
    assertFalse(HTTP.isDebugEnabled());

    Files.writeString(
        file,
        "stateDir: state\nlogging:\n  level: info\n  levels:\n    io.gpuchassis.agent.http: debug\n");
    String said = captured(() -> assertTrue(reload.reload()));
    assertTrue(HTTP.isDebugEnabled(), "the new level took effect");
    assertTrue(
        said.contains("SIGHUP: logging levels reloaded from " + file)
            && said.contains("io.gpuchassis.agent.http=debug"),
        said);
    assertFalse(said.contains("next restart"), "nothing else changed: " + said);

    Files.writeString(file, "stateDir: state\nlogging:\n  level: loud\n");
    said = captured(() -> assertFalse(reload.reload()));
    assertTrue(HTTP.isDebugEnabled(), "an invalid file keeps the levels as they were");
    assertTrue(
        said.contains("SIGHUP: logging levels unchanged")
            && said.contains("line 3: logging.level: 'loud'"),
        said);
  }

  @Test
  void other_changed_settings_are_named_as_waiting_for_a_restart_once() throws Exception {
    Path file = dir.resolve("config.yaml");
    Files.writeString(file, "stateDir: state\n");
    LogReload reload = LogReload.of(file, ConfigFile.apply(AgentConfig.defaults(), file));
    Files.writeString(file, "stateDir: state\nlisten: 0.0.0.0:443\n");
    String first = captured(() -> assertTrue(reload.reload()));
    assertTrue(
        first.contains("only logging is reloaded, the others take effect at the next restart"),
        first);
    String second = captured(() -> assertTrue(reload.reload()));
    assertFalse(second.contains("next restart"), "said once: " + second);
  }

  /** What the log said while {@code action} ran. */
  private static String captured(Runnable action) {
    PrintStream out = System.out;
    ByteArrayOutputStream lines = new ByteArrayOutputStream();
    System.setOut(new PrintStream(lines, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(out);
    }
    return lines.toString(StandardCharsets.UTF_8);
  }
}
