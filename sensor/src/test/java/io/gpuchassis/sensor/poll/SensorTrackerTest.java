package io.gpuchassis.sensor.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SensorTrackerTest {

  private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  private final SensorTracker tracker =
      new SensorTracker(
          new SensorDescriptor("Inlet1", SensorUnit.CELSIUS), 3, Duration.ofMillis(2500));

  private static Instant at(long millis) {
    return T0.plusMillis(millis);
  }

  @Test
  void aDitheringSensorFrozenForTheWindowIsInvalidWithItsValueAndValidAgainOnChange() {
    SensorTracker frozen =
        new SensorTracker(
            new SensorDescriptor("Inlet1", SensorUnit.CELSIUS),
            3,
            Duration.ofMillis(2500),
            new StuckReadingDetector(4));
    for (int i = 0; i < 3; i++) {
      assertEquals(
          ReadingStatus.OK, frozen.success(25.0625, at(i * 1000)).status(), "sample " + (i + 1));
    }
    SensorReading stuck = frozen.success(25.0625, at(3000));
    assertEquals(ReadingStatus.INVALID, stuck.status(), "the 4th identical sample");
    assertEquals(25.0625, stuck.value().getAsDouble(), "shown, just not trusted");
    assertFalse(stuck.isOk());
    assertEquals(ReadingStatus.INVALID, frozen.current(at(3500)).status());
    assertEquals(
        ReadingStatus.FAILED,
        failThreeTimes(frozen),
        "a read failure is worse than a frozen value");
    assertEquals(
        ReadingStatus.INVALID, frozen.success(25.0625, at(8000)).status(), "still the same value");
    assertEquals(ReadingStatus.OK, frozen.success(25.125, at(9000)).status(), "it moves again");
  }

  @Test
  void aDeviceThatWasNeverOpenedIsFailedAtItsFirstReadWithTheReason() {
    SensorReading r =
        tracker.unavailable("I2C bus 9 address 0x48 is unavailable: bus 9: no adapter", at(0));
    assertEquals(
        ReadingStatus.FAILED, r.status(), "not stale for three reads first: retrying cannot help");
    assertTrue(r.value().isEmpty());
    assertEquals(
        "I2C bus 9 address 0x48 is unavailable: bus 9: no adapter", r.error().orElseThrow());
    assertEquals(ReadingStatus.FAILED, tracker.failure("again", at(1000)).status());
  }

  @Test
  void anOrdinaryFailureIsNotFailedAtOnce() {
    assertEquals(
        ReadingStatus.STALE,
        tracker.failure("NAK", at(0)).status(),
        "the contrast to unavailable()");
  }

  @Test
  void withoutADetectorRepeatsAreFine() {
    for (int i = 0; i < 100; i++) {
      assertEquals(ReadingStatus.OK, tracker.success(0.0, at(i * 1000)).status());
    }
  }

  private static ReadingStatus failThreeTimes(SensorTracker t) {
    t.failure("NAK", at(5000));
    t.failure("NAK", at(6000));
    return t.failure("NAK", at(7000)).status();
  }

  @Test
  void goodReadIsOkWithItsValueAndTime() {
    SensorReading r = tracker.success(24.5, at(0));
    assertEquals(ReadingStatus.OK, r.status());
    assertEquals(24.5, r.value().getAsDouble());
    assertEquals(at(0), r.valueTime().orElseThrow());
    assertEquals(0, r.consecutiveFailures());
    assertTrue(r.error().isEmpty());
  }

  @Test
  void nFailuresInARowMakeItFailedWithoutAValue() {
    tracker.success(24.5, at(0));
    SensorReading first = tracker.failure("NAK", at(1000));
    assertEquals(ReadingStatus.OK, first.status(), "one failure keeps the fresh value");
    assertEquals(24.5, first.value().getAsDouble());
    assertEquals(1, first.consecutiveFailures());
    assertEquals("NAK", first.error().orElseThrow());

    tracker.failure("NAK", at(2000));
    SensorReading third = tracker.failure("NAK", at(3000));
    assertEquals(ReadingStatus.FAILED, third.status());
    assertTrue(third.value().isEmpty(), "a failed sensor has no value, in particular not 0");
    assertTrue(third.valueTime().isEmpty());
    assertEquals(3, third.consecutiveFailures());
  }

  @Test
  void oneGoodReadResetsTheFailureCount() {
    tracker.failure("NAK", at(0));
    tracker.failure("NAK", at(1000));
    tracker.success(25.0, at(2000));
    assertEquals(ReadingStatus.OK, tracker.failure("NAK", at(3000)).status());
    assertEquals(ReadingStatus.OK, tracker.failure("NAK", at(4000)).status());
    assertEquals(ReadingStatus.FAILED, tracker.failure("NAK", at(5000)).status());
    assertEquals(
        ReadingStatus.OK,
        tracker.success(25.0, at(6000)).status(),
        "recovers with the next good read");
  }

  @Test
  void aValueOlderThanTheLimitIsStaleAndReportedOnce() {
    tracker.success(24.5, at(0));
    assertTrue(tracker.checkStaleness(at(2500)).isEmpty(), "exactly at the limit is still fresh");
    SensorReading stale = tracker.checkStaleness(at(2501)).orElseThrow();
    assertEquals(ReadingStatus.STALE, stale.status());
    assertEquals(24.5, stale.value().getAsDouble(), "a stale reading still shows the last value");
    assertFalse(tracker.checkStaleness(at(4000)).isPresent(), "reported once, not on every check");
    assertEquals(ReadingStatus.OK, tracker.success(26.0, at(5000)).status());
  }

  @Test
  void failingReadsTurnStaleBeforeFailedWhenTheIntervalIsLong() {
    var slow =
        new SensorTracker(
            new SensorDescriptor("PSU1.Status", SensorUnit.STATE), 5, Duration.ofSeconds(5));
    slow.success(0, at(0));
    assertEquals(ReadingStatus.OK, slow.failure("timeout", at(2000)).status());
    assertEquals(ReadingStatus.STALE, slow.failure("timeout", at(6000)).status());
  }

  @Test
  void neverReadIsStaleWithoutAValue() {
    SensorReading r = tracker.failure("NAK", at(0));
    assertEquals(ReadingStatus.STALE, r.status());
    assertTrue(r.value().isEmpty());
  }

  @Test
  void aNeverReadSensorIsReportedStaleOnlyAfterItsLimit() {
    assertTrue(tracker.checkStaleness(at(0)).isEmpty(), "just started: not read yet is not news");
    assertTrue(tracker.checkStaleness(at(2500)).isEmpty());
    SensorReading stale = tracker.checkStaleness(at(2501)).orElseThrow();
    assertEquals(ReadingStatus.STALE, stale.status());
    assertTrue(stale.value().isEmpty());
  }
}
