package io.gpuchassis.switchdrv.wire;

import java.time.Duration;

/** A point in monotonic time by which a call must finish. Immutable. */
public final class Deadline {

  private final long deadlineNanos;

  private Deadline(long deadlineNanos) {
    this.deadlineNanos = deadlineNanos;
  }

  public static Deadline in(Duration d) {
    return new Deadline(System.nanoTime() + d.toNanos());
  }

  public boolean expired() {
    return remainingNanos() <= 0;
  }

  public long remainingNanos() {
    return deadlineNanos - System.nanoTime();
  }

  /**
   * Remaining time in whole milliseconds, rounded up: a wait bounded by it (a socket's read
   * timeout, a poll) ends no sooner than the deadline, so that whoever sees it end finds the
   * deadline expired. Rounded down, a read could time out a fraction of a millisecond early, and a
   * retry cut short by the deadline looked like a lost answer (RetryingMrpcEngine).
   */
  public long remainingMillis() {
    long ns = remainingNanos();
    return ns <= 0 ? 0 : (ns + 999_999) / 1_000_000;
  }

  /** Sleeps {@code d} or until the deadline, whichever comes first. */
  public void sleepAtMost(Duration d) {
    long ns = Math.min(d.toNanos(), remainingNanos());
    if (ns <= 0) {
      return;
    }
    try {
      Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
