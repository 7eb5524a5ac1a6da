package io.gpuchassis.sensor.threshold;

import io.gpuchassis.sensor.poll.ReadingStatus;
import java.util.Collection;
import java.util.Objects;

/**
 * Worst-of health over a set of sensors, where a sensor that cannot be trusted is never healthy: a
 * STALE or INVALID (frozen) sensor counts at least as {@code whenStale}, a FAILED one as {@code
 * whenFailed}, whatever its last thresholds said. Caution maps to Warning; critical and fatal to
 * Critical. Pure and immutable.
 */
public final class HealthRollup {

  private final Health whenStale;
  private final Health whenFailed;

  public HealthRollup(Health whenStale, Health whenFailed) {
    this.whenStale = Objects.requireNonNull(whenStale, "whenStale");
    this.whenFailed = Objects.requireNonNull(whenFailed, "whenFailed");
    if (whenStale == Health.OK || whenFailed == Health.OK) {
      throw new IllegalArgumentException("a stale or failed sensor cannot count as OK");
    }
  }

  /**
   * Stale counts as Warning, failed as Critical ("sensor unreadable for N polls", reference §4.5).
   * A caller that has a redundant sensor may choose Warning for failed instead.
   */
  public static HealthRollup defaults() {
    return new HealthRollup(Health.WARNING, Health.CRITICAL);
  }

  /** One sensor's health. */
  public Health of(Severity severity, ReadingStatus status) {
    Health fromThresholds;
    switch (severity) {
      case OK:
        fromThresholds = Health.OK;
        break;
      case CAUTION:
        fromThresholds = Health.WARNING;
        break;
      default:
        fromThresholds = Health.CRITICAL;
    }
    switch (status) {
      case STALE:
      case INVALID:
        return fromThresholds.worst(whenStale);
      case FAILED:
        return fromThresholds.worst(whenFailed);
      default:
        return fromThresholds;
    }
  }

  public Health of(SensorState state) {
    return of(state.severity(), state.status());
  }

  /** The worst of {@code states}; OK for none. */
  public Health rollup(Collection<SensorState> states) {
    Health worst = Health.OK;
    for (SensorState s : states) {
      worst = worst.worst(of(s));
    }
    return worst;
  }

  /** The worst of already computed healths; OK for none. */
  public static Health worstOf(Collection<Health> healths) {
    Health worst = Health.OK;
    for (Health h : healths) {
      worst = worst.worst(h);
    }
    return worst;
  }
}
