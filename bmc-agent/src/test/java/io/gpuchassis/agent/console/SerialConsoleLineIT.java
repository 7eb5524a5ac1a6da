package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.completer.StringsCompleter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The serial console line end to end over a socat pty pair: the technician types on one pty, an
 * echo session runs on the other through {@link SerialConsoleLine}.
 */
class SerialConsoleLineIT {

  private static final long DEADLINE_SECONDS = 20;

  @TempDir Path dir;

  private final AtomicInteger sessions = new AtomicInteger();
  private PtyPair pty;
  private TechnicianTerminal tech;
  private ServedLine served;

  @BeforeEach
  void start() throws Exception {
    pty = PtyPair.open(Files.createDirectories(dir.resolve("main")));
    tech = TechnicianTerminal.open(pty.techPath());
    served =
        ServedLine.start(new SerialConsoleLine(pty.consolePath().toString(), 115200), this::echo);
    tech.expect("session 1");
    tech.expect("> ");
  }

  @AfterEach
  void stop() {
    try {
      if (served != null) {
        served.close();
      }
    } finally {
      try {
        if (tech != null) {
          tech.close();
        }
      } finally {
        if (pty != null) {
          pty.close();
        }
      }
    }
    assertNoConsoleThreadsLeft();
  }

  /**
   * Closed lines leave no device reader and no JLine input pump behind (blocked forever on a read).
   */
  private static void assertNoConsoleThreadsLeft() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
    while (true) {
      List<String> left =
          Thread.getAllStackTraces().keySet().stream()
              .filter(Thread::isAlive)
              .map(Thread::getName)
              .filter(
                  name -> name.startsWith("console-reader") || name.endsWith("input pump thread"))
              .collect(Collectors.toList());
      if (left.isEmpty()) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "threads left after every line closed: " + left);
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Test
  void carriage_return_ends_a_line_and_typing_backspace_and_both_arrow_forms_edit_it() {
    tech.sendLine("hello");
    tech.expect("echo: hello\r\n");

    tech.send("hellp\u007fo\r"); // DEL, what most terminals send for backspace
    tech.expect("echo: hello\r\n");
    tech.send("hellp\bo\r"); // ^H, what the others send
    tech.expect("echo: hello\r\n");

    tech.send("wrld\033[D\033[D\033[Do\r"); // left arrow, CSI form (ESC [ D)
    tech.expect("echo: world\r\n");
    tech.send(
        "wrld\033OD\033OD\033ODo\r"); // left arrow, SS3 form (ESC O D, application cursor mode)
    tech.expect("echo: world\r\n");

    tech.send("orld\033[Hw\r"); // Home, then insert at the start
    tech.expect("echo: world\r\n");
    tech.send("worlx\033[D\033[3~\033[Fd\r"); // left, Delete, End, append
    tech.expect("echo: world\r\n");
  }

  @Test
  void up_arrow_recalls_history_in_both_forms() {
    tech.sendLine("first");
    tech.expect("echo: first\r\n");
    tech.sendLine("second");
    tech.expect("echo: second\r\n");

    tech.send("\033[A\033[A\r");
    tech.expect("echo: first\r\n");
    tech.send("\033OA\033OA\r");
    tech.expect("echo: second\r\n");
  }

  @Test
  void tab_completes_a_command_and_lists_the_candidates() {
    tech.send("sho\t\r");
    tech.expect(Pattern.compile("echo: show ?\r\n"));

    tech.send("s\t");
    String listing = TechnicianTerminal.stripAnsi(tech.expect("status"));
    assertTrue(
        listing.contains("sensors") && listing.contains("slots"), "candidates listed: " + listing);
    tech.send("\u0015plain\r"); // Ctrl-U clears what the completion left
    tech.expect("echo: plain\r\n");
  }

  @Test
  void a_session_that_ends_is_followed_by_the_next_on_the_same_line() {
    tech.sendLine("exit");
    tech.expect("bye");
    tech.expect("session 2");
    tech.expect("> ");
    tech.sendLine("again");
    tech.expect("echo: again\r\n");
    assertEquals(2, sessions.get());
  }

  @Test
  void the_console_answers_again_after_its_device_vanished_and_came_back() {
    tech.sendLine("before");
    tech.expect("echo: before\r\n");

    pty.stop();
    pty.start();
    tech.reopen();

    tech.expect("session 2");
    tech.expect("> ");
    tech.sendLine("after");
    tech.expect("echo: after\r\n");
    assertTrue(served.isServing(), "the same serve() call goes on");
  }

  @Test
  void garbage_bytes_do_not_wedge_the_line_editor() {
    byte[] garbage = new byte[4096];
    new Random(20240611L).nextBytes(garbage);
    garbage[garbage.length - 1] = 0; // ends like a break: a NUL with a framing error
    tech.sendBytes(garbage);
    tech.send("\r");
    tech.send("\u0015after-garbage\r");
    tech.expect("echo: after-garbage\r\n");
  }

  @Test
  void a_line_of_100000_bytes_is_cut_at_the_limit_and_the_next_line_works() {
    tech.send("x".repeat(100_000) + "\r");
    Matcher echoed =
        Pattern.compile("echo: (x+)\r\n").matcher(tech.expect(Pattern.compile("echo: x+\r\n")));
    assertTrue(echoed.find());
    assertEquals(SerialDevice.LINE_LIMIT, echoed.group(1).length(), "bytes kept of the long line");

    tech.sendLine("short");
    tech.expect("echo: short\r\n");
  }

  @Test
  void a_secret_is_read_without_any_echo_and_stays_out_of_the_history() {
    tech.sendLine("secret");
    tech.expect("password: ");
    tech.send("hunter2\r");
    String shown = tech.expect("secret has 7 characters");
    assertFalse(shown.contains("hunter2"), "the secret was echoed: " + shown);
    assertFalse(shown.contains("*"), "a mask was echoed: " + shown);

    tech.send("\033[A\r"); // the last line in the history is the command, not the secret
    tech.expect("password: ");
    tech.send("x\r");
    tech.expect("secret has 1 characters");
    assertFalse(tech.output().contains("hunter2"), "the secret appeared: " + tech.screen());
  }

  @Test
  void a_technician_who_never_reads_cannot_hold_the_agent() throws Exception {
    Path stalledDir = Files.createDirectories(dir.resolve("stalled"));
    FloodSession flood = new FloodSession();
    try (PtyPair stalledPty = PtyPair.open(stalledDir);
        TechnicianTerminal frozen = TechnicianTerminal.neverReading(stalledPty.techPath())) {
      // a stall limit far beyond the test: close() itself must free the blocked write
      ServedLine stalled =
          ServedLine.start(
              new SerialConsoleLine(
                  stalledPty.consolePath().toString(), 115200, Duration.ofMinutes(10)),
              flood);
      try {
        assertTrue(
            flood.started.await(DEADLINE_SECONDS, TimeUnit.SECONDS), "the flood session started");
        flood.awaitNoProgress();

        // meanwhile the other console answers
        tech.sendLine("still here");
        tech.expect("echo: still here\r\n");
      } finally {
        stalled.close(); // fails unless serve() returns
      }
      assertTrue(flood.ended.await(DEADLINE_SECONDS, TimeUnit.SECONDS), "the flood session ended");
      assertFalse(
          flood.completed.get(),
          "the flood was stalled, not finished: " + flood.written.get() + " bytes written");
    }
    tech.sendLine("after");
    tech.expect("echo: after\r\n");
  }

  @Test
  void a_stalled_write_drops_the_line_and_it_is_reopened_once_the_technician_reads_again()
      throws Exception {
    Path stalledDir = Files.createDirectories(dir.resolve("stalled"));
    FloodSession flood = new FloodSession();
    AtomicInteger stalledSessions = new AtomicInteger();
    try (PtyPair stalledPty = PtyPair.open(stalledDir);
        TechnicianTerminal frozen = TechnicianTerminal.neverReading(stalledPty.techPath())) {
      ServedLine stalled =
          ServedLine.start(
              new SerialConsoleLine(
                  stalledPty.consolePath().toString(), 115200, Duration.ofSeconds(1)),
              terminal -> {
                if (stalledSessions.incrementAndGet() == 1) {
                  flood.run(terminal);
                } else {
                  echo(terminal);
                }
              });
      try {
        assertTrue(
            flood.ended.await(DEADLINE_SECONDS, TimeUnit.SECONDS),
            "the stalled flood session ended");
        assertFalse(
            flood.completed.get(),
            "the flood ended because its writes failed, not because it finished");
        frozen.close();
        try (TechnicianTerminal reading = TechnicianTerminal.open(stalledPty.techPath())) {
          reading.send("\r");
          // the new session's prompt; its banner may reach the pty while the flood's last bytes
          // still fill it, so
          // only what comes after the prompt is compared
          reading.expect("> ");
          reading.skip();
          reading.sendLine("reopened");
          reading.expect("echo: reopened\r\n");
        }
        assertTrue(stalledSessions.get() >= 2, "a new session started on the reopened device");
      } finally {
        stalled.close();
      }
    }
  }

  /**
   * The test session: a banner, then echoes each line; "exit" logs out, "secret" reads a password.
   */
  private void echo(org.jline.terminal.Terminal terminal) {
    PrintWriter out = terminal.writer();
    out.println("session " + sessions.incrementAndGet());
    out.flush();
    LineReader reader =
        ConsoleTerminals.reader(
            terminal, new StringsCompleter("show", "slots", "status", "sensors"));
    while (true) {
      String line;
      try {
        line = reader.readLine("> ");
      } catch (UserInterruptException e) {
        continue;
      } catch (EndOfFileException e) {
        return;
      }
      if (line.equals("exit")) {
        out.println("bye");
        out.flush();
        return;
      }
      if (line.equals("secret")) {
        String secret = ConsoleTerminals.readSecret(reader, "password: ");
        out.println("secret has " + secret.length() + " characters");
      } else {
        out.println("echo: " + line);
      }
      out.flush();
    }
  }

  /** A session that writes megabytes, as a long listing does, and stops when its writes fail. */
  private static final class FloodSession implements ConsoleLine.Session {

    private static final long TOTAL = 8L << 20;

    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch ended = new CountDownLatch(1);
    final AtomicBoolean completed = new AtomicBoolean();
    final AtomicLong written = new AtomicLong();

    @Override
    public void run(org.jline.terminal.Terminal terminal) {
      started.countDown();
      try {
        PrintWriter out = terminal.writer();
        String chunk = "x".repeat(4095) + "\n";
        while (written.get() < TOTAL) {
          out.print(chunk);
          out.flush();
          if (out.checkError()) {
            return;
          }
          written.addAndGet(chunk.length());
        }
        completed.set(true);
      } finally {
        ended.countDown();
      }
    }

    /** Waits until the flood has made no progress for a while: its write is blocked. */
    void awaitNoProgress() throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
      long seen = -1;
      while (System.nanoTime() < deadline) {
        long now = written.get();
        if (now == seen) {
          return;
        }
        seen = now;
        Thread.sleep(1500);
      }
    }
  }
}
