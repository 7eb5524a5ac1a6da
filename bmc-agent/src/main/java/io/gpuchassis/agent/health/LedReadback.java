package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.poll.SensorReading;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What an LED shows: the level the agent read back right after setting it, until the poller reads
 * the line again; then the poll. So a GET right after a PATCH shows the new state, and a change
 * made by other means (a technician's jumper, a restart) shows at the next poll.
 */
final class LedReadback {

  private record Set(boolean lit, Instant at) {}

  private final AtomicReference<Set> last = new AtomicReference<>();

  /** The agent set the LED and read {@code lit} back at {@code at}. */
  void set(boolean lit, Instant at) {
    last.set(new Set(lit, at));
  }

  /**
   * @param polled the latest polled reading of the LED's line (1 while lit), if any
   */
  boolean lit(Optional<SensorReading> polled) {
    Set set = last.get();
    Optional<SensorReading> newer =
        polled
            .filter(r -> r.value().isPresent() && r.valueTime().isPresent())
            .filter(r -> set == null || r.valueTime().get().isAfter(set.at()));
    if (newer.isPresent()) {
      return newer.get().value().getAsDouble() != 0;
    }
    return set != null && set.lit();
  }
}
