package io.gpuchassis.sensor.threshold;

import java.util.OptionalDouble;

/**
 * One sensor's threshold values. Any level may be absent. Upper levels must rise from caution to
 * fatal, lower levels fall, and every lower level must be below every upper level.
 *
 * @param hysteresis how far back inside a threshold the value must come before the level clears (≥
 *     0)
 */
public record Thresholds(
    OptionalDouble upperCaution,
    OptionalDouble upperCritical,
    OptionalDouble upperFatal,
    OptionalDouble lowerCaution,
    OptionalDouble lowerCritical,
    OptionalDouble lowerFatal,
    double hysteresis) {

  public Thresholds {
    if (hysteresis < 0 || !Double.isFinite(hysteresis)) {
      throw new IllegalArgumentException("hysteresis must be a finite value >= 0: " + hysteresis);
    }
    ascending("upper caution", upperCaution, "upper critical", upperCritical);
    ascending("upper critical", upperCritical, "upper fatal", upperFatal);
    ascending("upper caution", upperCaution, "upper fatal", upperFatal);
    ascending("lower critical", lowerCritical, "lower caution", lowerCaution);
    ascending("lower fatal", lowerFatal, "lower critical", lowerCritical);
    ascending("lower fatal", lowerFatal, "lower caution", lowerCaution);
    for (OptionalDouble lower : new OptionalDouble[] {lowerCaution, lowerCritical, lowerFatal}) {
      for (OptionalDouble upper : new OptionalDouble[] {upperCaution, upperCritical, upperFatal}) {
        if (lower.isPresent() && upper.isPresent() && lower.getAsDouble() >= upper.getAsDouble()) {
          throw new IllegalArgumentException("lower thresholds must be below upper thresholds");
        }
      }
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The threshold of one level, if set. */
  public OptionalDouble value(Direction direction, Severity severity) {
    switch (severity) {
      case CAUTION:
        return direction == Direction.UPPER ? upperCaution : lowerCaution;
      case CRITICAL:
        return direction == Direction.UPPER ? upperCritical : lowerCritical;
      case FATAL:
        return direction == Direction.UPPER ? upperFatal : lowerFatal;
      default:
        return OptionalDouble.empty();
    }
  }

  private static void ascending(
      String lowName, OptionalDouble low, String highName, OptionalDouble high) {
    if (low.isPresent() && high.isPresent() && low.getAsDouble() > high.getAsDouble()) {
      throw new IllegalArgumentException(
          lowName + " " + low.getAsDouble() + " above " + highName + " " + high.getAsDouble());
    }
  }

  /** Builds {@link Thresholds}; unset levels are absent, hysteresis defaults to 0. */
  public static final class Builder {
    private OptionalDouble upperCaution = OptionalDouble.empty();
    private OptionalDouble upperCritical = OptionalDouble.empty();
    private OptionalDouble upperFatal = OptionalDouble.empty();
    private OptionalDouble lowerCaution = OptionalDouble.empty();
    private OptionalDouble lowerCritical = OptionalDouble.empty();
    private OptionalDouble lowerFatal = OptionalDouble.empty();
    private double hysteresis;

    private Builder() {}

    public Builder upperCaution(double v) {
      upperCaution = OptionalDouble.of(v);
      return this;
    }

    public Builder upperCritical(double v) {
      upperCritical = OptionalDouble.of(v);
      return this;
    }

    public Builder upperFatal(double v) {
      upperFatal = OptionalDouble.of(v);
      return this;
    }

    public Builder lowerCaution(double v) {
      lowerCaution = OptionalDouble.of(v);
      return this;
    }

    public Builder lowerCritical(double v) {
      lowerCritical = OptionalDouble.of(v);
      return this;
    }

    public Builder lowerFatal(double v) {
      lowerFatal = OptionalDouble.of(v);
      return this;
    }

    public Builder hysteresis(double v) {
      hysteresis = v;
      return this;
    }

    public Thresholds build() {
      return new Thresholds(
          upperCaution,
          upperCritical,
          upperFatal,
          lowerCaution,
          lowerCritical,
          lowerFatal,
          hysteresis);
    }
  }
}
