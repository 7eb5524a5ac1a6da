package io.gpuchassis.switchdrv.sim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a simulated chip's UART console on a real Linux pseudo-terminal, without socat: the
 * simulator holds the master, the agent opens the slave ({@link #path()}) as its serial port, e.g.
 * with {@code JSerialCommLink.open(path, baud)} (a pty ignores the baud rate). Optionally the slave
 * is published under a stable symbolic link, replacing one that a killed earlier simulator left
 * behind, so an agent configured with that path finds the console again after a simulator restart.
 *
 * <p>The agent may close and reopen the slave any number of times; the console keeps serving. On
 * {@link #close()} the link is removed (if it still points here), serving stops and the master is
 * closed: the agent's open slave sees a hang-up. Linux only (x86_64, aarch64): libc through JNA.
 * Thread-safe to close from any thread.
 */
public final class PtyConsole implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PtyConsole.class);

  private final PtyMasterLink master;
  private final Path link;
  private final UartConsoleServer server;

  private PtyConsole(PtyMasterLink master, Path link, UartConsoleServer server) {
    this.master = master;
    this.link = link;
    this.server = server;
  }

  /** Serves {@code chip}'s console on a new pty; the agent opens {@link #slavePath()}. */
  public static PtyConsole open(SimulatedSwitch chip) throws IOException {
    return open(chip, null);
  }

  /**
   * Serves {@code chip}'s console on a new pty and points {@code link} (when not null) at its
   * slave, creating missing parent directories.
   *
   * @throws IOException when no pty can be opened, or {@code link} exists and is not a symbolic
   *     link
   */
  public static PtyConsole open(SimulatedSwitch chip, Path link) throws IOException {
    PtyMasterLink master = PtyMasterLink.open();
    try {
      if (link != null) {
        StableSymlink.pointAt(link, master.slavePath());
      }
      PtyConsole console = new PtyConsole(master, link, UartConsoleServer.serve(chip, master));
      LOG.info(
          "{}: UART console on {}{}",
          chip.name(),
          master.slavePath(),
          link == null ? "" : " (" + link + ")");
      return console;
    } catch (IOException | RuntimeException e) {
      master.close();
      throw e;
    }
  }

  /** The pty slave, e.g. /dev/pts/7 (a new number for every console). */
  public Path slavePath() {
    return master.slavePath();
  }

  /** The stable link to the slave, when one was asked for. */
  public Optional<Path> link() {
    return Optional.ofNullable(link);
  }

  /** What the agent opens: the link when there is one, else the slave. */
  public Path path() {
    return link != null ? link : master.slavePath();
  }

  @Override
  public void close() {
    if (link != null) {
      try {
        StableSymlink.removeIfPointsAt(link, master.slavePath());
      } catch (IOException e) {
        LOG.warn("could not remove {}: {}", link, e.getMessage());
      }
    }
    server.close(); // stops the console thread, then closes the master
  }
}
