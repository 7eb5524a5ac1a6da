package io.gpuchassis.agent.ethernet;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon thread a data-path watch does its blocking work on (sysfs reads, child tools): the
 * work runs at once, then every period; {@link #close} stops it and waits up to 5 s for a run under
 * way to end. Never an event loop.
 */
final class PeriodicThread implements AutoCloseable {

  private final ScheduledExecutorService thread;

  private PeriodicThread(String name) {
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, name);
              t.setDaemon(true);
              return t;
            });
  }

  /** Runs {@code work} now and then every {@code period}, evenly spaced (sampling periods). */
  static PeriodicThread atFixedRate(String name, Duration period, Runnable work) {
    PeriodicThread t = new PeriodicThread(name);
    t.thread.scheduleAtFixedRate(work, 0, period.toNanos(), TimeUnit.NANOSECONDS);
    return t;
  }

  /** Runs {@code work} now and then {@code period} after each run ends (long runs do not pile). */
  static PeriodicThread withFixedDelay(String name, Duration period, Runnable work) {
    PeriodicThread t = new PeriodicThread(name);
    t.thread.scheduleWithFixedDelay(work, 0, period.toNanos(), TimeUnit.NANOSECONDS);
    return t;
  }

  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
