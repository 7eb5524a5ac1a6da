package io.gpuchassis.agent.security;

import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where every password check (PBKDF2, tens of milliseconds of CPU) runs: a few threads of its own,
 * so that clients without credentials can burn at most that many cores and never the worker pool
 * that authenticated requests need. Waiting checks form two bounded lanes: those of addresses
 * without recent failures run first, so a flood of guesses does not queue in front of an operator
 * logging in. A full lane refuses at once (the caller answers 503).
 */
final class PasswordChecks {

  private static final long IDLE_SECONDS = 30;

  private final ThreadPoolExecutor threads;
  private final int queueLimit;
  private final AtomicInteger[] waiting = {new AtomicInteger(), new AtomicInteger()};
  private final AtomicLong order = new AtomicLong();

  PasswordChecks(int threadCount, int queueLimit) {
    this.queueLimit = queueLimit;
    AtomicInteger number = new AtomicInteger();
    this.threads =
        new ThreadPoolExecutor(
            threadCount,
            threadCount,
            IDLE_SECONDS,
            TimeUnit.SECONDS,
            new PriorityBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, "password-check-" + number.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    // Idle threads end: an agent that nobody logs in to holds none.
    threads.allowCoreThreadTimeOut(true);
  }

  /**
   * Runs {@code check} when a thread is free; empty (nothing queued) when its lane is full.
   *
   * @param first the check of an address without recent failures
   */
  <T> Optional<CompletableFuture<T>> submit(boolean first, Callable<T> check) {
    int lane = first ? 0 : 1;
    if (waiting[lane].incrementAndGet() > queueLimit) {
      waiting[lane].decrementAndGet();
      return Optional.empty();
    }
    CompletableFuture<T> result = new CompletableFuture<>();
    threads.execute(
        new Ranked(
            lane,
            order.incrementAndGet(),
            () -> {
              waiting[lane].decrementAndGet();
              try {
                result.complete(check.call());
              } catch (Exception | Error e) {
                result.completeExceptionally(e);
              }
            }));
    return Optional.of(result);
  }

  /** A queued check: lane first, then arrival. */
  private record Ranked(int lane, long order, Runnable work)
      implements Runnable, Comparable<Ranked> {
    @Override
    public void run() {
      work.run();
    }

    @Override
    public int compareTo(Ranked other) {
      return lane != other.lane
          ? Integer.compare(lane, other.lane)
          : Long.compare(order, other.order);
    }
  }
}
