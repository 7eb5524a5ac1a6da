package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gpuchassis.agent.console.PtyPair;
import io.gpuchassis.agent.console.TechnicianTerminal;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.gpuchassis.agent.store.AgentStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent as a technician starts it by hand with {@code --console stdio --console DEVICE}: a
 * console on its own terminal and one on the serial device at once, each with its own login,
 * privileges and idle timeout.
 */
class ConsoleStdioIT {

  static final String ADMIN_PASSWORD = "admin-password-1";
  static final String READER_PASSWORD = "reader-password-1";

  @TempDir Path dir;
  private Process agent;
  private PtyPair pty;
  private TechnicianTerminal serial;

  @AfterEach
  void stop() throws Exception {
    if (serial != null) {
      serial.close();
    }
    if (agent != null) {
      agent.destroy();
      if (!agent.waitFor(20, TimeUnit.SECONDS)) {
        agent.destroyForcibly();
      }
    }
    if (pty != null) {
      pty.close();
    }
  }

  @Test
  void a_console_on_stdio_and_one_on_the_serial_device_are_independent() throws Exception {
    pty = PtyPair.open(Files.createDirectories(dir.resolve("pty")));
    Path state = dir.resolve("state");
    try (AgentStore store = AgentStore.open(state)) {
      PasswordHasher hasher = TestPasswordHashing.hasher();
      AccountRepository accounts = new AccountRepository(store);
      accounts.create(
          "admin", hasher.hash(ADMIN_PASSWORD), Role.Administrator, true, false, Instant.now());
      accounts.create(
          "reader", hasher.hash(READER_PASSWORD), Role.ReadOnly, true, false, Instant.now());
    }
    Path config = dir.resolve("agent.yaml");
    Files.writeString(
        config,
        "listen: 127.0.0.1:0\nstateDir: state\nsimulation:\n  speed: fast\n"
            + "console:\n  idleTimeout: 8s\n");
    agent =
        new ProcessBuilder(
                ChildJvm.command(
                    "io.gpuchassis.agent.TestMain", // Main with cheap password hashing
                    "--config",
                    config.toString(),
                    "--console",
                    "stdio",
                    "--console",
                    pty.consolePath().toString()))
            .redirectError(dir.resolve("agent.log").toFile())
            .start();
    StdioTerminal stdio = new StdioTerminal(agent.getInputStream(), agent.getOutputStream());
    serial = TechnicianTerminal.open(pty.techPath());

    // the administrator on the agent's own terminal, a read-only user on the serial port, at the
    // same time
    stdio.expect("login: ");
    stdio.sendLine("admin");
    stdio.expect("Password: ");
    stdio.sendLine(ADMIN_PASSWORD);
    stdio.expect("GPUChassis admin> ");
    serial.sendLine("");
    serial.expect("login: ");
    serial.sendLine("reader");
    serial.expect("Password: ");
    serial.sendLine(READER_PASSWORD);
    serial.expect("GPUChassis reader> ");

    serial.sendLine("bind slot 6 host Host1");
    assertTrue(
        serial.expect("GPUChassis reader> ").contains("Not allowed"),
        "the reader's own privileges");
    stdio.sendLine("bind slot 6 host Host1");
    stdio.expect("[y/N] ");
    stdio.sendLine("y");
    assertTrue(
        stdio.expect("GPUChassis admin> ").contains("Slot 6 is bound to Host1"), "the admin's own");

    stdio.sendLine("logout");
    stdio.expect("Logged out.");
    serial.sendLine("show host Host1");
    String host = serial.expect("GPUChassis reader> ");
    assertTrue(host.contains("6"), "the serial session outlives the other's logout: " + host);

    // left alone, the serial session is logged out after its idle timeout
    String idle = serial.expect("No input for 8s: logged out.");
    assertFalse(idle.contains("Logged out."), "ended by the timeout, not by a logout");
    serial.expect("login: ");
    assertEquals(0, agent.isAlive() ? 0 : 1, "the agent runs on");
  }

  /** The agent's standard input and output, driven as a person at its terminal would. */
  static final class StdioTerminal {
    private final StringBuilder received = new StringBuilder();
    private final OutputStream in;
    private int mark;

    StdioTerminal(InputStream out, OutputStream in) {
      this.in = in;
      Thread reader =
          new Thread(
              () -> {
                byte[] buffer = new byte[4096];
                try {
                  for (int n; (n = out.read(buffer)) > 0; ) {
                    synchronized (this) {
                      received.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                      notifyAll();
                    }
                  }
                } catch (java.io.IOException e) {
                  // the agent ended
                }
              },
              "stdio-reader");
      reader.setDaemon(true);
      reader.start();
    }

    void sendLine(String line) throws java.io.IOException {
      in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    }

    synchronized String expect(String text) throws InterruptedException {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (true) {
        int at = received.indexOf(text, mark);
        if (at >= 0) {
          String since = received.substring(mark, at + text.length());
          mark = at + text.length();
          return since;
        }
        long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
        if (left <= 0) {
          fail(
              "no \""
                  + text
                  + "\" on the agent's standard output within 20 s; received:\n"
                  + received.substring(mark));
        }
        wait(Math.min(left, 200));
      }
    }
  }
}
