package io.gpuchassis.companion;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/** Asks a question again every {@code interval} until it has an answer or the time is up. */
final class Waiting {

  private final Duration interval;

  Waiting(Duration interval) {
    this.interval = interval;
  }

  /**
   * The first answer {@code question} gives within {@code timeout}, or empty. Asked at least once.
   */
  <T> Optional<T> upTo(Duration timeout, Supplier<Optional<T>> question) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<T> answer = question.get();
      if (answer.isPresent() || System.nanoTime() - deadline >= 0) {
        return answer;
      }
      try {
        Thread.sleep(Math.max(1, interval.toMillis()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CompanionException("interrupted while waiting");
      }
    }
  }
}
