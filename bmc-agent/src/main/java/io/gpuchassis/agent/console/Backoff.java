package io.gpuchassis.agent.console;

import java.time.Duration;

/**
 * Waits between attempts: doubling from a first delay up to a ceiling; {@link #stop()} ends all
 * waiting.
 */
final class Backoff {

  private final long firstMillis;
  private final long maxMillis;
  private long nextMillis;
  private boolean stopped;

  Backoff(Duration first, Duration max) {
    this.firstMillis = first.toMillis();
    this.maxMillis = max.toMillis();
    this.nextMillis = firstMillis;
  }

  /** Starts again from the first delay (after a success). */
  synchronized void reset() {
    nextMillis = firstMillis;
  }

  /** Waits the current delay, unless stopped, and doubles the next one. */
  synchronized void pause() throws InterruptedException {
    long delay = nextMillis;
    nextMillis = Math.min(maxMillis, nextMillis * 2);
    long deadline = System.nanoTime() + delay * 1_000_000L;
    while (!stopped) {
      long left = (deadline - System.nanoTime()) / 1_000_000L;
      if (left <= 0) {
        return;
      }
      wait(left);
    }
  }

  /** Ends a running pause and every later one at once (the line is closing). */
  synchronized void stop() {
    stopped = true;
    notifyAll();
  }
}
