package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Polling helpers for conditions that become true after simulated latencies. */
public final class Await {

  private Await() {}

  /** Polls {@code condition} every 2 ms until it holds or {@code within} passes (then fails). */
  public static void until(String what, Duration within, BooleanSupplier condition) {
    long end = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        fail("not within " + within.toMillis() + " ms: " + what);
      }
      sleep(2);
    }
  }

  /** Calls {@code call} until it stops throwing SwitchException, for at most {@code within}. */
  public static <T> T succeeds(Duration within, Supplier<T> call) {
    long end = System.nanoTime() + within.toNanos();
    while (true) {
      try {
        return call.get();
      } catch (SwitchException e) {
        if (System.nanoTime() > end) {
          throw e;
        }
        sleep(5);
      }
    }
  }

  public static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs {@code call}, expects a SwitchException, returns it with the elapsed time. */
  public static Timed<SwitchException> failure(Runnable call) {
    long t0 = System.nanoTime();
    try {
      call.run();
    } catch (SwitchException e) {
      return new Timed<>(e, Duration.ofNanos(System.nanoTime() - t0));
    }
    fail("expected a SwitchException");
    return null;
  }

  /** A value with how long it took. */
  public record Timed<T>(T value, Duration elapsed) {}
}
