package io.gpuchassis.agent.telemetry;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** What runs the collections on their schedule: a thread of its own, or a test's hand. */
interface Ticker extends AutoCloseable {

  /** Runs {@code work} after {@code first} and then every {@code period}; the handle stops it. */
  Runnable every(Duration first, Duration period, Runnable work);

  @Override
  void close();

  /** One daemon thread, "telemetry". */
  static Ticker thread() {
    ScheduledExecutorService thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "telemetry");
              t.setDaemon(true);
              return t;
            });
    return new Ticker() {
      @Override
      public Runnable every(Duration first, Duration period, Runnable work) {
        ScheduledFuture<?> f =
            thread.scheduleAtFixedRate(
                work, first.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
        return () -> f.cancel(false);
      }

      @Override
      public void close() {
        thread.shutdownNow();
      }
    };
  }
}
