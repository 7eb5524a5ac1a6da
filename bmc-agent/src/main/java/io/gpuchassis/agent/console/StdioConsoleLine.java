package io.gpuchassis.agent.console;

import java.io.IOError;
import java.io.IOException;
import org.jline.reader.EndOfFileException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.NonBlockingReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A console on the terminal that started the agent (development, a container's attached terminal):
 * JLine's system terminal through its exec provider, or a dumb terminal when standard input is not
 * a terminal (a pipe).
 *
 * <p>Unlike a serial line, all sessions share one system terminal: JLine's system terminal reads
 * standard input on a thread that a closed terminal leaves blocked, and that thread would swallow
 * the next keystroke (or the next piped line). The line still owns it: sessions must not close it.
 */
public final class StdioConsoleLine implements ConsoleLine {

  private static final Logger LOG = LoggerFactory.getLogger(StdioConsoleLine.class);
  private static final long END_CHECK_MILLIS = 10;

  private boolean closed;
  private Thread serving;

  @Override
  public String address() {
    return ConsoleLines.STDIO;
  }

  @Override
  public void serve(Session session) throws InterruptedException {
    Terminal opened;
    try {
      opened =
          TerminalBuilder.builder()
              .name(address())
              .system(true)
              // no terminal behind standard input (a pipe, a service): a dumb terminal is expected,
              // not an error
              .dumb(true)
              .build();
    } catch (IOException e) {
      LOG.warn("Console on standard input unavailable: {}", e.toString());
      return;
    }
    synchronized (this) {
      if (closed) {
        closeQuietly(opened);
        return;
      }
      serving = Thread.currentThread();
    }
    LOG.info("Console on standard input ({} terminal)", opened.getType());
    try {
      while (!isClosed()) {
        try {
          session.run(opened);
        } catch (EndOfFileException e) {
          LOG.debug("Console stdio: session ended at end of input");
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } catch (Exception | IOError e) {
          if (!isClosed()) {
            LOG.warn("Console stdio: session failed", e);
          }
        }
        if (Thread.interrupted()) {
          if (isClosed()) {
            return;
          }
          throw new InterruptedException("console stdio interrupted");
        }
        if (inputEnded(opened)) {
          LOG.info("Console on standard input: input ended");
          return;
        }
      }
    } finally {
      synchronized (this) {
        serving = null;
        if (closed) {
          // the interrupt was close() waking this thread, not the caller's: do not leave it pending
          Thread.interrupted();
        }
      }
      closeQuietly(opened);
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      // standard input cannot be closed under a blocked read; JLine's read waits interruptibly
      // instead
      if (serving != null) {
        serving.interrupt();
      }
    }
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  /**
   * Whether standard input has ended (a pipe drained), without taking a character from the next
   * session.
   */
  private static boolean inputEnded(Terminal terminal) {
    try {
      return terminal.reader().peek(END_CHECK_MILLIS) == NonBlockingReader.EOF;
    } catch (IOException e) {
      return true;
    }
  }

  private static void closeQuietly(Terminal terminal) {
    try {
      terminal.close();
    } catch (IOException | RuntimeException e) {
      LOG.debug("Console stdio: closing the terminal: {}", e.toString());
    }
  }
}
