package io.gpuchassis.sensor.threshold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.sensor.poll.ReadingStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class HealthRollupTest {

  private final HealthRollup rollup = HealthRollup.defaults();

  @Test
  void severityMapsToRedfishHealth() {
    assertEquals(Health.OK, rollup.of(Severity.OK, ReadingStatus.OK));
    assertEquals(Health.WARNING, rollup.of(Severity.CAUTION, ReadingStatus.OK));
    assertEquals(Health.CRITICAL, rollup.of(Severity.CRITICAL, ReadingStatus.OK));
    assertEquals(Health.CRITICAL, rollup.of(Severity.FATAL, ReadingStatus.OK));
  }

  @Test
  void staleAndFailedAreNeverHealthy() {
    assertEquals(Health.WARNING, rollup.of(Severity.OK, ReadingStatus.STALE));
    assertEquals(
        Health.CRITICAL,
        rollup.of(Severity.CRITICAL, ReadingStatus.STALE),
        "never better than known");
    assertEquals(Health.CRITICAL, rollup.of(Severity.OK, ReadingStatus.FAILED));
    var lenient = new HealthRollup(Health.WARNING, Health.WARNING);
    assertEquals(Health.WARNING, lenient.of(Severity.OK, ReadingStatus.FAILED));
    assertThrows(
        IllegalArgumentException.class, () -> new HealthRollup(Health.OK, Health.CRITICAL));
  }

  @Test
  void aFrozenSensorIsNeverHealthyEither() {
    assertEquals(Health.WARNING, rollup.of(Severity.OK, ReadingStatus.INVALID));
    assertEquals(Health.CRITICAL, rollup.of(Severity.CRITICAL, ReadingStatus.INVALID));
  }

  @Test
  void worstOfASet() {
    assertEquals(Health.OK, rollup.rollup(List.of()));
    assertEquals(
        Health.WARNING,
        rollup.rollup(
            List.of(
                new SensorState("a", Severity.OK, ReadingStatus.OK),
                new SensorState("b", Severity.OK, ReadingStatus.STALE),
                new SensorState("c", Severity.CAUTION, ReadingStatus.OK))));
    assertEquals(
        Health.CRITICAL, HealthRollup.worstOf(List.of(Health.OK, Health.CRITICAL, Health.WARNING)));
  }
}
