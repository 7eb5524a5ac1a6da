package io.gpuchassis.agent.console;

import java.io.IOError;
import java.io.IOException;
import java.time.Duration;
import org.jline.reader.EndOfFileException;
import org.jline.terminal.Terminal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A console on a serial device through jSerialComm: 8N1, no flow control, reads that wait for a
 * byte, writes that may not stall longer than a limit. The device is opened by path, so a USB
 * adapter replugged (or a pty recreated) behind the same name is found again; a device that does
 * not exist yet is waited for.
 */
public final class SerialConsoleLine implements ConsoleLine {

  /** How long a write may wait for a terminal that does not read before the line is dropped. */
  public static final Duration DEFAULT_WRITE_STALL = Duration.ofSeconds(5);

  private static final Logger LOG = LoggerFactory.getLogger(SerialConsoleLine.class);
  private static final Duration FIRST_RETRY = Duration.ofMillis(250);
  private static final Duration MAX_RETRY = Duration.ofSeconds(5);

  private final String path;
  private final int baud;
  private final Duration writeStall;
  private final Backoff reopen = new Backoff(FIRST_RETRY, MAX_RETRY);
  private final Backoff failingSessions = new Backoff(FIRST_RETRY, MAX_RETRY);
  private boolean closed;
  private SerialDevice device;

  /** A line on the serial device at {@code path}, at {@code baud} 8N1. */
  public SerialConsoleLine(String path, int baud) {
    this(path, baud, DEFAULT_WRITE_STALL);
  }

  /** As {@link #SerialConsoleLine(String, int)} with another limit for a stalled write. */
  public SerialConsoleLine(String path, int baud, Duration writeStall) {
    if (baud <= 0) {
      throw new IllegalArgumentException("baud must be positive: " + baud);
    }
    this.path = path;
    this.baud = baud;
    this.writeStall = writeStall;
  }

  @Override
  public String address() {
    return "serial:" + path;
  }

  @Override
  public void serve(Session session) throws InterruptedException {
    boolean everOpened = false;
    while (true) {
      SerialDevice opened = openWithBackoff(everOpened);
      if (opened == null) {
        return;
      }
      everOpened = true;
      try {
        runSessions(opened, session);
      } finally {
        opened.close();
        synchronized (this) {
          device = null;
        }
      }
      if (isClosed()) {
        return;
      }
      LOG.warn(
          "Console {} lost ({}); reopening it as soon as it is back",
          address(),
          opened.lostReason());
    }
  }

  @Override
  public void close() {
    SerialDevice open;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      open = device;
    }
    reopen.stop();
    failingSessions.stop();
    if (open != null) {
      open.close();
    }
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  /**
   * Opens the device, retrying with back-off; null once closed. Logs once while waiting, once when
   * it opens.
   */
  private SerialDevice openWithBackoff(boolean reopening) throws InterruptedException {
    boolean waitingLogged = false;
    reopen.reset();
    while (true) {
      if (isClosed()) {
        return null;
      }
      try {
        SerialDevice opened = SerialDevice.open(path, baud, writeStall);
        synchronized (this) {
          if (closed) {
            opened.close();
            return null;
          }
          device = opened;
        }
        if (reopening) {
          LOG.info("Console {} is back", address());
        } else {
          LOG.info("Console on {} ({} baud 8N1, no flow control)", address(), baud);
        }
        return opened;
      } catch (IOException | RuntimeException e) {
        if (!waitingLogged && !reopening) {
          LOG.warn("Console {} not available yet ({}); waiting for it", address(), e.getMessage());
        }
        waitingLogged = true;
        LOG.debug("Console {} still not available: {}", address(), e.getMessage());
      }
      reopen.pause();
    }
  }

  /** Runs sessions on one opening of the device until it is lost or the line closed. */
  private void runSessions(SerialDevice opened, Session session) throws InterruptedException {
    boolean failureLogged = false;
    while (!opened.isLost() && !isClosed()) {
      boolean failed = false;
      Terminal terminal;
      try {
        terminal = opened.newTerminal(address());
      } catch (IOException e) {
        LOG.warn("Console {}: cannot create a terminal: {}", address(), e.toString());
        return;
      }
      try {
        session.run(terminal);
      } catch (EndOfFileException e) {
        LOG.debug("Console {}: session ended at end of input", address());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (Exception | IOError e) {
        // a line that dropped under a session fails it: expected, the loss is logged once by serve
        failed = !opened.isLost() && !isClosed();
        if (failed && !failureLogged) {
          LOG.warn("Console {}: session failed", address(), e);
          failureLogged = true;
        } else {
          LOG.debug("Console {}: session ended: {}", address(), e.toString());
        }
      } finally {
        // detach first: the terminal's input pump must not take keystrokes meant for the next
        // session
        opened.endSession();
        closeQuietly(terminal);
      }
      if (Thread.interrupted()) {
        throw new InterruptedException("console " + address() + " interrupted");
      }
      if (failed) {
        // a session that keeps failing at once must not spin; a session that ends normally resets
        // the pace
        failingSessions.pause();
      } else {
        failingSessions.reset();
        failureLogged = false;
      }
    }
  }

  private void closeQuietly(Terminal terminal) {
    try {
      terminal.close();
    } catch (IOException | RuntimeException e) {
      LOG.debug("Console {}: closing a terminal: {}", address(), e.toString());
    }
  }
}
