package io.gpuchassis.sensor.threshold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThresholdMonitorTest {

  private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  private static final Thresholds GPU =
      Thresholds.builder().upperCaution(80).upperCritical(90).upperFatal(100).hysteresis(2).build();

  private int second;
  private final List<ThresholdEvent> events = new ArrayList<>();

  /** Feeds samples one second apart; collects events. */
  private Severity feed(ThresholdMonitor monitor, double... values) {
    for (double v : values) {
      monitor.accept(v, T0.plusSeconds(second++)).ifPresent(events::add);
    }
    return monitor.severity();
  }

  private static ThresholdMonitor monitor(Thresholds t, Debounce assertion, Debounce release) {
    return new ThresholdMonitor("GPU3.Temperature", t, assertion, release);
  }

  @Test
  void schmittTriggerAssertsAtTheThresholdAndClearsBelowItMinusHysteresis() {
    ThresholdMonitor m = monitor(GPU, Debounce.none(), Debounce.none());
    assertEquals(Severity.OK, feed(m, 79.9));
    assertEquals(Severity.CAUTION, feed(m, 80.0));
    assertEquals(
        Severity.CAUTION, feed(m, 79.0, 78.0), "inside the hysteresis band nothing changes");
    assertEquals(Severity.OK, feed(m, 77.9));
    assertEquals(2, events.size());
    ThresholdEvent up = events.get(0);
    assertEquals(Severity.OK, up.from());
    assertEquals(Severity.CAUTION, up.to());
    assertEquals(80.0, up.threshold().getAsDouble());
    assertEquals("ReadingAboveUpperCautionThreshold", up.messageId());
    assertEquals(T0.plusSeconds(1), up.at());
    assertEquals("SensorReadingNormalRange", events.get(1).messageId());
    assertEquals(80.0, events.get(1).threshold().getAsDouble(), "the level that was left");
  }

  @Test
  void escalatesThroughEachLevelAndBack() {
    ThresholdMonitor m = monitor(GPU, Debounce.none(), Debounce.none());
    feed(m, 85, 92, 101, 97, 87, 70);
    List<String> path = events.stream().map(e -> e.from() + ">" + e.to()).toList();
    assertEquals(
        List.of(
            "OK>CAUTION",
            "CAUTION>CRITICAL",
            "CRITICAL>FATAL",
            "FATAL>CRITICAL",
            "CRITICAL>CAUTION",
            "CAUTION>OK"),
        path);
    assertEquals(
        List.of(
            "ReadingAboveUpperCautionThreshold",
            "ReadingAboveUpperCriticalThreshold",
            "ReadingAboveUpperFatalThreshold",
            "ReadingBelowUpperFatalThreshold",
            "ReadingBelowUpperCriticalThreshold",
            "SensorReadingNormalRange"),
        events.stream().map(ThresholdEvent::messageId).toList());
  }

  @Test
  void aJumpAcrossSeveralLevelsIsOneEvent() {
    ThresholdMonitor m = monitor(GPU, Debounce.none(), Debounce.none());
    feed(m, 40, 105);
    assertEquals(1, events.size());
    assertEquals(Severity.FATAL, events.get(0).to());
    assertEquals(100.0, events.get(0).threshold().getAsDouble());
  }

  @Test
  void lowerThresholdsMirrorTheUpperOnes() {
    Thresholds inlet =
        Thresholds.builder()
            .lowerCaution(10)
            .lowerCritical(5)
            .upperCaution(40)
            .hysteresis(2)
            .build();
    ThresholdMonitor m = monitor(inlet, Debounce.none(), Debounce.none());
    assertEquals(Severity.CRITICAL, feed(m, 4));
    assertEquals(Direction.LOWER, events.get(0).direction());
    assertEquals("ReadingBelowLowerCriticalThreshold", events.get(0).messageId());
    assertEquals(Severity.CRITICAL, feed(m, 6.5), "critical clears above 5 + 2");
    assertEquals(Severity.CAUTION, feed(m, 8));
    assertEquals("ReadingAboveLowerCriticalThreshold", events.get(1).messageId());
    assertEquals(Severity.OK, feed(m, 13));
  }

  @Test
  void debounceNeedsNConsecutiveSamples() {
    ThresholdMonitor m = monitor(GPU, Debounce.samples(3), Debounce.samples(3));
    assertEquals(Severity.OK, feed(m, 85, 85));
    assertEquals(Severity.OK, feed(m, 70), "an interruption restarts the count");
    assertEquals(Severity.OK, feed(m, 85, 85));
    assertEquals(Severity.CAUTION, feed(m, 85));
    assertEquals(Severity.CAUTION, feed(m, 70, 70));
    assertEquals(Severity.OK, feed(m, 70));
  }

  @Test
  void flappingInputDoesNotFlapTheOutput() {
    // no hysteresis at all: only the debounce holds the line
    Thresholds noHysteresis = Thresholds.builder().upperCaution(80).build();
    ThresholdMonitor m = monitor(noHysteresis, Debounce.samples(3), Debounce.samples(3));
    for (int i = 0; i < 100; i++) {
      feed(m, i % 2 == 0 ? 79.5 : 80.5);
    }
    assertTrue(events.isEmpty(), "alternating samples never persist: " + events);

    // hysteresis without debounce: asserted once, the dips never reach 80 - 2
    ThresholdMonitor h = monitor(GPU, Debounce.none(), Debounce.none());
    for (int i = 0; i < 100; i++) {
      feed(h, i % 2 == 0 ? 80.5 : 79.0);
    }
    assertEquals(1, events.size());
    assertEquals(Severity.CAUTION, h.severity());
  }

  @Test
  void flappingAroundTheReleasePointKeepsTheLevel() {
    ThresholdMonitor m = monitor(GPU, Debounce.none(), Debounce.samples(3));
    feed(m, 85);
    for (int i = 0; i < 50; i++) {
      feed(m, i % 3 == 2 ? 79 : 70); // two below the release point, then one back above it
    }
    assertEquals(1, events.size());
    assertEquals(Severity.CAUTION, m.severity());
  }

  @Test
  void dwellTimeMustPassBeforeTheLevelAsserts() {
    ThresholdMonitor m = monitor(GPU, Debounce.dwell(Duration.ofSeconds(5)), Debounce.none());
    assertEquals(Severity.OK, feed(m, 85, 85, 85, 85, 85), "4 s after the first sample");
    assertEquals(Severity.CAUTION, feed(m, 85), "5 s after the first sample");
    assertEquals(T0.plusSeconds(5), events.get(0).at());
  }

  @Test
  void assertionAndReleaseDebounceAreIndependent() {
    ThresholdMonitor m = monitor(GPU, Debounce.none(), Debounce.samples(3));
    assertEquals(Severity.CAUTION, feed(m, 85));
    assertEquals(Severity.CAUTION, feed(m, 60, 60));
    assertEquals(Severity.OK, feed(m, 60));
  }

  @Test
  void refusesInconsistentThresholds() {
    assertThrows(
        IllegalArgumentException.class,
        () -> Thresholds.builder().upperCaution(90).upperCritical(80).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> Thresholds.builder().lowerCaution(50).upperCaution(40).build());
    assertThrows(IllegalArgumentException.class, () -> Thresholds.builder().hysteresis(-1).build());
    ThresholdMonitor m = monitor(GPU, Debounce.none(), Debounce.none());
    assertThrows(IllegalArgumentException.class, () -> m.accept(Double.NaN, T0));
  }

  @Test
  void noThresholdsMeansAlwaysOk() {
    ThresholdMonitor m = monitor(Thresholds.builder().build(), Debounce.none(), Debounce.none());
    assertEquals(Severity.OK, feed(m, -1000, 1000));
    assertEquals(Optional.empty(), m.accept(5, T0.plusSeconds(100)));
  }
}
