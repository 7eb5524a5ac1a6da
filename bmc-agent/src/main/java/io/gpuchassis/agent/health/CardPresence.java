package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorReading;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells, from the polled presence lines, when a slot's card was pulled out or pushed in: a line
 * that reads otherwise than it last read with a value. The first value a line reads is the state
 * the discovery found at start, and a failed read in between changes nothing. Thread-safe (each
 * line is read on one poller).
 */
final class CardPresence {

  private final Map<Integer, Boolean> last = new ConcurrentHashMap<>();

  /** The slot whose presence this reading changed; empty for any other reading. */
  OptionalInt changed(SensorReading reading) {
    OptionalInt slot = SensorIds.slotOfPresence(reading.sensorId());
    if (slot.isEmpty() || reading.value().isEmpty()) {
      return OptionalInt.empty();
    }
    boolean present = reading.value().getAsDouble() != 0;
    Boolean was = last.put(slot.getAsInt(), present);
    return was != null && was != present ? slot : OptionalInt.empty();
  }

  /** Whether the slot's line last read that no card is there. */
  boolean pulled(int slot) {
    return Boolean.FALSE.equals(last.get(slot));
  }
}
