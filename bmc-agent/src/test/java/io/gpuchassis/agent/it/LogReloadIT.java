package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gpuchassis.agent.console.PtyPair;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent as systemd runs it: log lines on stdout with the journal's priority prefixes, and
 * {@code kill -HUP} (systemctl reload) applying the configuration file's new logging levels to the
 * running process.
 */
class LogReloadIT {

  /**
   * systemd starts a service with every signal at its default action. A test JVM need not have
   * SIGHUP so: jSerialComm's native library, once a test of that JVM loaded it, left it ignored,
   * and a child inherits an ignored signal (LogReloadIT failed so, in a JVM that had run a console
   * test first).
   */
  private static final List<String> AS_SYSTEMD = List.of("env", "--default-signal=HUP");

  @TempDir Path dir;
  private Process agent;
  private PtyPair serial;

  @AfterEach
  void stop() throws Exception {
    if (agent != null) {
      agent.destroy();
      if (!agent.waitFor(30, TimeUnit.SECONDS)) {
        agent.destroyForcibly();
      }
    }
    if (serial != null) {
      serial.close();
    }
  }

  /**
   * With a console on a serial line, as a chassis has: opening it loads jSerialComm, whose native
   * library sets SIGHUP to be ignored by the whole process (without {@code HangupSignal} the reload
   * below never came).
   */
  @Test
  void sighup_applies_the_new_levels_to_the_running_agent() throws Exception {
    serial = PtyPair.open(Files.createDirectory(dir.resolve("pty")));
    Path config = dir.resolve("config.yaml");
    String base =
        "listen: 127.0.0.1:0\nstateDir: state\nsimulation:\n  speed: fast\n"
            + "console:\n  devices: ['"
            + serial.consolePath()
            + "']\n";
    Files.writeString(config, base + "logging:\n  level: info\n");
    Path out = dir.resolve("stdout.log");
    Path err = dir.resolve("stderr.log");
    agent = start(AS_SYSTEMD, "io.gpuchassis.agent.Main", config, out, err);
    awaitLine(out, "<6>Agent: Redfish service ready at https://");
    awaitLine(out, "<6>SerialConsoleLine: Console on serial:" + serial.consolePath());

    // This logger at warn: the reload's own line, written at info while info is enabled, now comes
    // at warn.
    Files.writeString(
        config,
        base + "logging:\n  level: info\n  levels:\n    io.gpuchassis.agent.logging: warn\n");
    Process kill =
        new ProcessBuilder("kill", "-HUP", Long.toString(agent.pid())).inheritIO().start();
    assertEquals(0, kill.waitFor(), "kill -HUP");
    awaitLine(out, "<4>LogReload: SIGHUP: logging levels reloaded from " + config);
    assertTrue(agent.isAlive(), "a SIGHUP does not stop the agent");

    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      assertTrue(line.matches("<[3467]>.*"), "every stdout line carries a priority: " + line);
    }
    assertTrue(
        Files.readString(err).lines().noneMatch(l -> l.startsWith("<")),
        "log lines on stdout only");

    // The one test starting the shipped entry point as a process (the others run the tests'
    // TestMain): it hashes the first password at the shipped cost.
    agent.destroy();
    assertTrue(agent.waitFor(30, TimeUnit.SECONDS), "the agent did not stop");
    try (AgentStore store = AgentStore.open(dir.resolve("state"))) {
      assertEquals(
          PasswordHasher.DEFAULT_ITERATIONS,
          PasswordHasher.costOf(
              new AccountRepository(store).find("admin").orElseThrow().passwordHash()),
          "Main hashes at the shipped cost");
    }
  }

  /**
   * Started with SIGHUP ignored, as {@code nohup} starts it (and as a test run started so would
   * start every agent process), the agent says at once that a SIGHUP cannot reload it: the JVM
   * installs no handler for a signal the process was started with ignored.
   */
  @Test
  void an_agent_started_with_sighup_ignored_says_it_cannot_reload() throws Exception {
    Path config = dir.resolve("config.yaml");
    Files.writeString(config, "listen: 127.0.0.1:0\nstateDir: state\nsimulation:\n  speed: fast\n");
    Path out = dir.resolve("stdout.log");
    agent =
        start(
            List.of("nohup"),
            "io.gpuchassis.agent.TestMain",
            config,
            out,
            dir.resolve("stderr.log"));
    awaitLine(out, "<4>LogReload: SIGHUP is ignored by this process (started under nohup");
  }

  private static Process start(
      List<String> prefix, String mainClass, Path config, Path out, Path err) throws Exception {
    List<String> command = new ArrayList<>(prefix);
    command.addAll(ChildJvm.command(mainClass, "--config", config.toString()));
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("BMC_AGENT_ADMIN_PASSWORD", "pw-123456");
    pb.environment().put("JOURNAL_STREAM", "8:4242");
    return pb.start();
  }

  private void awaitLine(Path file, String start) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline) {
      if (Files.readString(file, StandardCharsets.UTF_8)
          .lines()
          .anyMatch(l -> l.startsWith(start))) {
        return;
      }
      if (!agent.isAlive()) {
        break;
      }
      Thread.sleep(100);
    }
    fail(
        "no line starting '"
            + start
            + "'; stdout:\n"
            + Files.readString(file)
            + "\nstderr:\n"
            + Files.readString(dir.resolve("stderr.log")));
  }
}
