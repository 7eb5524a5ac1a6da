package io.gpuchassis.sensor.threshold;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The threshold state of one sensor. Each configured level (upper/lower × caution/critical/fatal)
 * is its own Schmitt trigger: an upper level asserts at {@code value ≥ threshold} and clears only
 * at {@code value < threshold − hysteresis} (mirrored for lower levels), and either change must
 * persist for the debounce before it takes effect. The sensor's severity is the worst asserted
 * level. A value that flaps across a threshold therefore moves nothing unless it stays on one side
 * for the debounce.
 *
 * <p>Pure logic, not thread-safe: feed samples in time order from one thread.
 */
public final class ThresholdMonitor {

  private static final class Level {
    final Direction direction;
    final Severity severity;
    final double threshold;
    boolean asserted;
    int pendingSamples;
    Instant pendingSince;

    Level(Direction direction, Severity severity, double threshold) {
      this.direction = direction;
      this.severity = severity;
      this.threshold = threshold;
    }

    boolean wanted(double value, double hysteresis) {
      if (direction == Direction.UPPER) {
        return asserted ? value >= threshold - hysteresis : value >= threshold;
      }
      return asserted ? value <= threshold + hysteresis : value <= threshold;
    }
  }

  private final String sensorId;
  private final Thresholds thresholds;
  private final Debounce assertion;
  private final Debounce release;
  private final List<Level> levels = new ArrayList<>();
  private Severity severity = Severity.OK;
  private Direction direction = Direction.UPPER;

  public ThresholdMonitor(
      String sensorId, Thresholds thresholds, Debounce assertion, Debounce release) {
    this.sensorId = Objects.requireNonNull(sensorId, "sensorId");
    this.thresholds = Objects.requireNonNull(thresholds, "thresholds");
    this.assertion = Objects.requireNonNull(assertion, "assertion");
    this.release = Objects.requireNonNull(release, "release");
    for (Direction d : Direction.values()) {
      for (Severity s : new Severity[] {Severity.CAUTION, Severity.CRITICAL, Severity.FATAL}) {
        OptionalDouble t = thresholds.value(d, s);
        if (t.isPresent()) {
          levels.add(new Level(d, s, t.getAsDouble()));
        }
      }
    }
  }

  public String sensorId() {
    return sensorId;
  }

  public Thresholds thresholds() {
    return thresholds;
  }

  public Severity severity() {
    return severity;
  }

  /** The side of the range the current severity is on (meaningless while OK). */
  public Direction direction() {
    return direction;
  }

  /** One sample; returns the event if the sensor's severity changed. */
  public Optional<ThresholdEvent> accept(double value, Instant at) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(sensorId + ": not a finite sample: " + value);
    }
    for (Level level : levels) {
      step(level, value, at);
    }
    Level worst = null;
    for (Level level : levels) {
      if (level.asserted && (worst == null || level.severity.worseThan(worst.severity))) {
        worst = level;
      }
    }
    Severity now = worst == null ? Severity.OK : worst.severity;
    if (now == severity) {
      return Optional.empty();
    }
    Severity before = severity;
    Direction side = worst != null && now.worseThan(before) ? worst.direction : direction;
    OptionalDouble threshold =
        now.worseThan(before) ? thresholds.value(side, now) : thresholds.value(side, before);
    severity = now;
    if (worst != null) {
      direction = worst.direction;
    }
    return Optional.of(new ThresholdEvent(sensorId, before, now, side, value, threshold, at));
  }

  private void step(Level level, double value, Instant at) {
    if (level.wanted(value, thresholds.hysteresis()) == level.asserted) {
      level.pendingSamples = 0;
      level.pendingSince = null;
      return;
    }
    if (level.pendingSamples == 0) {
      level.pendingSince = at;
    }
    level.pendingSamples++;
    Debounce debounce = level.asserted ? release : assertion;
    boolean enoughSamples = level.pendingSamples >= debounce.samples();
    boolean longEnough = Duration.between(level.pendingSince, at).compareTo(debounce.dwell()) >= 0;
    if (enoughSamples && longEnough) {
      level.asserted = !level.asserted;
      level.pendingSamples = 0;
      level.pendingSince = null;
    }
  }
}
