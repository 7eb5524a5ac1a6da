package io.gpuchassis.agent.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A card pulled out and pushed in, told from a presence line that reads as it read before. */
class CardPresenceTest {

  private final CardPresence presence = new CardPresence();

  @Test
  void a_changed_line_names_its_slot_once_and_a_failed_read_changes_nothing() {
    assertEquals(OptionalInt.empty(), presence.changed(present(4, 1)), "the state found at start");
    assertEquals(OptionalInt.empty(), presence.changed(present(4, 1)));
    assertFalse(presence.pulled(4));
    assertEquals(OptionalInt.of(4), presence.changed(present(4, 0)), "pulled out");
    assertTrue(presence.pulled(4));
    assertEquals(OptionalInt.empty(), presence.changed(failed(4)), "no value: nothing known");
    assertEquals(OptionalInt.empty(), presence.changed(present(4, 0)));
    assertEquals(OptionalInt.of(4), presence.changed(present(4, 1)), "pushed in");
    assertEquals(
        OptionalInt.empty(),
        presence.changed(reading(SensorIds.slotPowerEnabled(4), OptionalDouble.of(0))),
        "another line of the slot");
  }

  private static SensorReading present(int slot, double value) {
    return reading(SensorIds.slotPresent(slot), OptionalDouble.of(value));
  }

  private static SensorReading failed(int slot) {
    return new SensorReading(
        new SensorDescriptor(SensorIds.slotPresent(slot), SensorUnit.STATE),
        ReadingStatus.FAILED,
        OptionalDouble.empty(),
        Optional.empty(),
        Instant.EPOCH,
        3,
        Optional.of("NAK"));
  }

  private static SensorReading reading(String id, OptionalDouble value) {
    return new SensorReading(
        new SensorDescriptor(id, SensorUnit.STATE),
        ReadingStatus.OK,
        value,
        Optional.of(Instant.EPOCH),
        Instant.EPOCH,
        0,
        Optional.empty());
  }
}
