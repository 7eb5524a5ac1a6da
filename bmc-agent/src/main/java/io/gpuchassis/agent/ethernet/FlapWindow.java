package io.gpuchassis.agent.ethernet;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The carrier changes of the periods that ended within the last window, summed. A flap is a drop
 * and a return: two changes.
 */
final class FlapWindow {

  private record Period(Instant end, long changes) {}

  private final Duration window;
  private final Deque<Period> periods = new ArrayDeque<>();
  private long changes;

  FlapWindow(Duration window) {
    this.window = window;
  }

  /** Adds a period's changes and returns the flaps within the window that ends at {@code end}. */
  long add(Instant end, long periodChanges) {
    periods.addLast(new Period(end, periodChanges));
    changes += periodChanges;
    Instant start = end.minus(window);
    while (!periods.isEmpty() && !periods.peekFirst().end().isAfter(start)) {
      changes -= periods.removeFirst().changes();
    }
    return changes / 2;
  }
}
