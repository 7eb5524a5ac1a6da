package io.gpuchassis.sensor.threshold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ThresholdEngineTest {

  private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  private static final SensorDescriptor GPU3 =
      new SensorDescriptor("GPU3.Temperature", SensorUnit.CELSIUS);

  private final ThresholdEngine engine =
      new ThresholdEngine()
          .watch(
              GPU3.id(),
              Thresholds.builder().upperCaution(80).upperCritical(90).build(),
              Debounce.samples(2),
              Debounce.none());

  private static SensorReading ok(double value, int second) {
    Instant t = T0.plusSeconds(second);
    return new SensorReading(
        GPU3, ReadingStatus.OK, OptionalDouble.of(value), Optional.of(t), t, 0, Optional.empty());
  }

  @Test
  void evaluatesNewSamplesOnly() {
    assertTrue(engine.accept(ok(85, 1)).isEmpty());
    // a failed read re-reports the same sample: it must not count as the second of two
    SensorReading repeat =
        new SensorReading(
            GPU3,
            ReadingStatus.OK,
            OptionalDouble.of(85),
            Optional.of(T0.plusSeconds(1)),
            T0.plusSeconds(2),
            1,
            Optional.of("NAK"));
    assertTrue(engine.accept(repeat).isEmpty());
    assertEquals(Severity.CAUTION, engine.accept(ok(85, 3)).orElseThrow().to());
  }

  @Test
  void staleAndFailedReadingsLeaveThresholdsButNotHealth() {
    engine.accept(ok(70, 1));
    SensorReading failed =
        new SensorReading(
            GPU3,
            ReadingStatus.FAILED,
            OptionalDouble.empty(),
            Optional.empty(),
            T0.plusSeconds(5),
            3,
            Optional.of("NAK"));
    assertTrue(engine.accept(failed).isEmpty());
    assertEquals(Severity.OK, engine.severity(GPU3.id()));
    assertEquals(
        List.of(new SensorState(GPU3.id(), Severity.OK, ReadingStatus.FAILED)), engine.states());
    assertEquals(Health.CRITICAL, HealthRollup.defaults().rollup(engine.states()));
  }

  @Test
  void unwatchedSensorsAreIgnored() {
    SensorReading other =
        new SensorReading(
            new SensorDescriptor("Inlet1", SensorUnit.CELSIUS),
            ReadingStatus.OK,
            OptionalDouble.of(99),
            Optional.of(T0),
            T0,
            0,
            Optional.empty());
    assertTrue(engine.accept(other).isEmpty());
  }

  @Test
  void aWatchedSensorWithoutReadingsIsNotHealthy() {
    assertEquals(Health.WARNING, HealthRollup.defaults().rollup(engine.states()));
  }
}
