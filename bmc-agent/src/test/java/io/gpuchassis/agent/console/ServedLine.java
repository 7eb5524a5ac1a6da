package io.gpuchassis.agent.console;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A {@link ConsoleLine} served on a thread of its own, as the agent does. {@link #close()} closes
 * the line and fails the test if {@code serve} does not return within the deadline, or if it ended
 * with an exception.
 */
public final class ServedLine implements AutoCloseable {

  /** How long serve() gets to return after close(). */
  public static final Duration DEADLINE = Duration.ofSeconds(20);

  private final ConsoleLine line;
  private final Thread thread;
  private volatile Throwable failure;

  private ServedLine(ConsoleLine line, ConsoleLine.Session session) {
    this.line = line;
    this.thread =
        new Thread(
            () -> {
              try {
                line.serve(session);
              } catch (Throwable e) {
                failure = e;
              }
            },
            "serve " + line.address());
    this.thread.setDaemon(true);
  }

  /** Starts serving {@code session} on {@code line}. */
  public static ServedLine start(ConsoleLine line, ConsoleLine.Session session) {
    ServedLine served = new ServedLine(line, session);
    served.thread.start();
    return served;
  }

  /** The line served. */
  public ConsoleLine line() {
    return line;
  }

  /** Whether serve() is still running. */
  public boolean isServing() {
    return thread.isAlive();
  }

  /** Closes the line; fails unless serve() returns normally within {@link #DEADLINE}. */
  @Override
  public void close() {
    line.close();
    try {
      thread.join(DEADLINE.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      fail("interrupted while waiting for " + line.address() + " to stop serving");
    }
    if (thread.isAlive()) {
      String stack =
          Arrays.stream(thread.getStackTrace())
              .map(f -> "  at " + f)
              .collect(Collectors.joining("\n"));
      fail(
          "serve() on "
              + line.address()
              + " did not return within "
              + DEADLINE
              + " after close(); it is at\n"
              + stack);
    }
    if (failure != null) {
      throw new AssertionError(
          "serve() on " + line.address() + " ended with an exception", failure);
    }
  }
}
