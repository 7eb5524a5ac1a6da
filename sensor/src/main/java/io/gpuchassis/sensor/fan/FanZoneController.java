package io.gpuchassis.sensor.fan;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The control law of one fan zone, as pure logic. In normal mode a PI controller drives the hottest
 * margin (smallest distance below a limit among the inputs) towards the target: {@code duty = Kp·e
 * + I} with {@code e = target − margin}, clamped to [minDuty, maxDuty] and slew-limited.
 * Anti-windup by back-calculation: after limiting, the integral is set so that {@code Kp·e + I}
 * equals the duty actually applied, so a saturated zone does not wind up and leaving saturation or
 * failsafe is bumpless.
 *
 * <p>A floor set from outside ({@link #setFloor}) lifts the duty at once.
 *
 * <p>Failsafe: when any input is not OK (stale, failed, no value), when there are no inputs, or
 * when any fan has failed, the duty jumps to the failsafe duty at once, without slew limit
 * (reference §5.3).
 *
 * <p>Not thread-safe: one loop owns it; only {@link #setFloor} may be called from another thread.
 */
public final class FanZoneController {

  private final FanControlSettings settings;
  private double duty;
  private double integral;
  private volatile double floor; // set by the policy owner, read by the loop thread

  /**
   * @param initialDuty the duty the fans run at now (e.g. as read back at start), for a bumpless
   *     takeover
   */
  public FanZoneController(FanControlSettings settings, double initialDuty) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.duty = clamp(initialDuty, settings.minDuty(), 100.0);
    this.integral = duty;
  }

  public FanControlSettings settings() {
    return settings;
  }

  public double duty() {
    return duty;
  }

  /**
   * A lower bound on the duty requested from outside the loop (e.g. the over-temperature policy
   * raising the fans for a hot slot). Applies from the next step, immediately and without slew
   * limit; 0 removes it.
   */
  public void setFloor(double percent) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("floor must be 0-100 %: " + percent);
    }
    floor = percent;
  }

  /**
   * One control step.
   *
   * @param inputs every thermal input of the zone
   * @param fans every fan of the zone
   * @param seconds time since the previous step (for the integral and the slew limits)
   */
  public FanDecision step(List<ThermalInput> inputs, List<FanStatus> fans, double seconds) {
    if (seconds < 0 || !Double.isFinite(seconds)) {
      throw new IllegalArgumentException("step length must be a finite value >= 0: " + seconds);
    }
    List<String> lostSensors = new ArrayList<>();
    inputs.stream().filter(i -> !i.usable()).forEach(i -> lostSensors.add(i.sensorId()));
    List<String> failedFans = new ArrayList<>();
    fans.stream().filter(FanStatus::failed).forEach(f -> failedFans.add(f.fanId()));
    if (!failedFans.isEmpty()) {
      return failsafe(FanMode.FAILSAFE_FAN_FAILURE, failedFans);
    }
    if (inputs.isEmpty() || !lostSensors.isEmpty()) {
      return failsafe(
          FanMode.FAILSAFE_SENSOR_LOSS, lostSensors.isEmpty() ? List.of("no inputs") : lostSensors);
    }

    ThermalInput hottest = inputs.get(0);
    for (ThermalInput i : inputs) {
      if (i.margin() < hottest.margin()) {
        hottest = i;
      }
    }
    double error = settings.targetMargin() - hottest.margin();
    integral += settings.integralGain() * error * seconds;
    double wanted = settings.proportionalGain() * error + integral;
    double limited = clamp(wanted, settings.minDuty(), settings.maxDuty());
    limited =
        clamp(
            limited,
            duty - settings.slewDownPerSecond() * seconds,
            duty + settings.slewUpPerSecond() * seconds);
    duty = Math.max(limited, floor);
    integral = duty - settings.proportionalGain() * error; // back-calculation anti-windup
    return new FanDecision(
        duty, FanMode.NORMAL, Optional.of(hottest.sensorId()), hottest.margin(), List.of());
  }

  private FanDecision failsafe(FanMode mode, List<String> causes) {
    duty = Math.max(duty, settings.failsafeDuty());
    integral = duty;
    return new FanDecision(duty, mode, Optional.empty(), Double.NaN, causes);
  }

  private static double clamp(double v, double lo, double hi) {
    return Math.max(lo, Math.min(hi, v));
  }
}
