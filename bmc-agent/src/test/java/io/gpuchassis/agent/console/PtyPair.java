package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Two pseudo-terminals joined by socat, standing in for a serial cable: the agent opens {@link
 * #consolePath()}, the test's technician opens {@link #techPath()}. Both paths are symbolic links
 * that socat creates, so {@link #stop()} makes the device vanish (as an unplugged USB adapter does)
 * and {@link #start()} brings it back under the same names, with a new /dev/pts/N behind them.
 *
 * <p>Needs socat: when it is missing the test fails on CI (environment variable CI=true) and is
 * skipped elsewhere, with one line on standard error saying so.
 */
public final class PtyPair implements AutoCloseable {

  /** How long socat gets to create (or remove) its links. */
  public static final Duration DEADLINE = Duration.ofSeconds(20);

  private final Path dir;
  private final Path console;
  private final Path tech;
  private final Path log;
  private Process socat;

  private PtyPair(Path dir) {
    this.dir = dir;
    this.console = dir.resolve("console");
    this.tech = dir.resolve("tech");
    this.log = dir.resolve("socat.log");
  }

  /**
   * Starts socat with its links in {@code dir} (a test's temporary folder) and waits until both
   * exist.
   */
  public static PtyPair open(Path dir) {
    requireSocat();
    PtyPair pair = new PtyPair(dir);
    pair.start();
    return pair;
  }

  /** The agent's side: the path to give the console line. */
  public Path consolePath() {
    return console;
  }

  /** The technician's side. */
  public Path techPath() {
    return tech;
  }

  /** Whether socat is running (the pty pair exists). */
  public synchronized boolean isRunning() {
    return socat != null && socat.isAlive();
  }

  /** Starts socat (again) and waits until both links point at live ptys. */
  public synchronized void start() {
    if (isRunning()) {
      return;
    }
    try {
      Files.deleteIfExists(console);
      Files.deleteIfExists(tech);
      socat =
          new ProcessBuilder(
                  List.of(
                      "socat",
                      "-d",
                      "-d",
                      "pty,raw,echo=0,link=" + console,
                      "pty,raw,echo=0,link=" + tech))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start socat: " + e, e);
    }
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    // Files.exists follows the link: true only once the pty behind it exists
    while (!(Files.exists(console) && Files.exists(tech))) {
      if (!socat.isAlive()) {
        fail(
            "socat exited ("
                + socat.exitValue()
                + ") before creating its ptys; its log:\n"
                + socatLog());
      }
      if (System.nanoTime() > deadline) {
        fail(
            "socat did not create "
                + console
                + " and "
                + tech
                + " within "
                + DEADLINE
                + "; its log:\n"
                + socatLog());
      }
      sleep(20);
    }
  }

  /**
   * Stops socat: both ptys vanish and the links are gone, as when a USB serial adapter is
   * unplugged.
   */
  public synchronized void stop() {
    if (socat == null) {
      return;
    }
    socat.destroy();
    try {
      if (!socat.waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
        socat.destroyForcibly().waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    socat = null;
    try {
      // socat removes its links on SIGTERM; a killed one leaves them dangling
      Files.deleteIfExists(console);
      Files.deleteIfExists(tech);
    } catch (IOException e) {
      throw new IllegalStateException("cannot remove the pty links in " + dir, e);
    }
    if (Files.exists(console, LinkOption.NOFOLLOW_LINKS)
        || Files.exists(tech, LinkOption.NOFOLLOW_LINKS)) {
      fail("the pty links in " + dir + " did not vanish");
    }
  }

  /** socat's own log (its -d -d lines), for failure messages. */
  public String socatLog() {
    try {
      return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no log)";
    } catch (IOException e) {
      return "(log unreadable: " + e + ")";
    }
  }

  @Override
  public void close() {
    stop();
  }

  /** Fails on CI, skips elsewhere, when socat is not installed. */
  static void requireSocat() {
    if (socatInstalled()) {
      return;
    }
    String message =
        "socat is not installed: the serial console tests need it (apt-get install -y socat)";
    if ("true".equals(System.getenv("CI"))) {
      fail(message);
    }
    System.err.println("!!!!! SKIPPED: " + message + " !!!!!");
    Assumptions.abort(message);
  }

  private static boolean socatInstalled() {
    String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
    for (String folder : path.split(File.pathSeparator)) {
      if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, "socat"))) {
        return true;
      }
    }
    return false;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
