package io.gpuchassis.sensor.fan;

import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.poll.ReadingCache;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fan zone's loop: each {@link #step()} gathers the thermal inputs and fan states, lets the
 * {@link FanZoneController} decide, and applies the duty through the {@link FanActuator}. It is a
 * {@link Runnable} meant to run as a periodic job on the fan controller's bus worker ({@code
 * busPoller.every(period, loop)}), so the duty write happens on the thread that owns that bus. The
 * duty is written on every step, which also restores it after a controller reset.
 *
 * <p>Inputs not read yet count as lost: until every input has reported, the zone runs at failsafe
 * duty.
 *
 * <p>Thread-safety: {@link #step()} from one thread at a time; {@link #lastDecision()} from any
 * thread.
 */
public final class FanControlLoop implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(FanControlLoop.class);

  private final FanZoneController controller;
  private final Supplier<List<ThermalInput>> thermal;
  private final Supplier<List<FanStatus>> fans;
  private final FanActuator actuator;
  private final LongSupplier nanoTime;
  private long lastStep = Long.MIN_VALUE;
  private volatile FanDecision lastDecision;
  private FanMode lastMode = FanMode.NORMAL;

  public FanControlLoop(
      FanZoneController controller,
      Supplier<List<ThermalInput>> thermal,
      Supplier<List<FanStatus>> fans,
      FanActuator actuator,
      LongSupplier nanoTime) {
    this.controller = Objects.requireNonNull(controller, "controller");
    this.thermal = Objects.requireNonNull(thermal, "thermal");
    this.fans = Objects.requireNonNull(fans, "fans");
    this.actuator = Objects.requireNonNull(actuator, "actuator");
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  /**
   * A loop fed from cached readings.
   *
   * @param limits each thermal input's sensor id and the limit its margin is measured to (e.g. the
   *     upper caution threshold), °C
   * @param fanRpmSensors the sensor ids of the zone's fan speeds
   * @param stallRpm below this a fan counts as failed
   */
  public static FanControlLoop fromReadings(
      FanZoneController controller,
      ReadingCache readings,
      Map<String, Double> limits,
      List<String> fanRpmSensors,
      double stallRpm,
      FanActuator actuator) {
    Supplier<List<ThermalInput>> thermal =
        () -> {
          List<ThermalInput> inputs = new ArrayList<>(limits.size());
          limits.forEach(
              (id, limit) -> {
                Optional<SensorReading> r = readings.get(id);
                inputs.add(
                    r.isPresent()
                        ? ThermalInput.of(r.get(), limit)
                        : new ThermalInput(id, ReadingStatus.STALE, Double.NaN));
              });
          return inputs;
        };
    Supplier<List<FanStatus>> fans =
        () -> {
          List<FanStatus> statuses = new ArrayList<>(fanRpmSensors.size());
          for (String id : fanRpmSensors) {
            Optional<SensorReading> r = readings.get(id);
            statuses.add(
                r.isPresent() ? FanStatus.of(id, r.get(), stallRpm) : new FanStatus(id, true));
          }
          return statuses;
        };
    return new FanControlLoop(controller, thermal, fans, actuator, System::nanoTime);
  }

  @Override
  public void run() {
    step();
  }

  /**
   * One control step: gather, decide, apply. A failed duty write is logged and retried on the next
   * step.
   */
  public FanDecision step() {
    long now = nanoTime.getAsLong();
    double seconds = lastStep == Long.MIN_VALUE ? 0.0 : (now - lastStep) / 1e9;
    lastStep = now;
    FanDecision decision = controller.step(thermal.get(), fans.get(), seconds);
    if (decision.mode() != lastMode) {
      if (decision.mode() == FanMode.NORMAL) {
        LOG.info("fan zone back to closed-loop control");
      } else {
        LOG.warn(
            "fan zone to failsafe {} %: {} {}",
            decision.dutyPercent(), decision.mode(), decision.causes());
      }
      lastMode = decision.mode();
    }
    try {
      actuator.apply(decision.dutyPercent());
    } catch (DeviceException e) {
      LOG.warn("could not apply fan duty {} %: {}", decision.dutyPercent(), e.getMessage());
    }
    lastDecision = decision;
    return decision;
  }

  public Optional<FanDecision> lastDecision() {
    return Optional.ofNullable(lastDecision);
  }

  /** The duty currently commanded, if a step has run. */
  public OptionalDouble duty() {
    FanDecision d = lastDecision;
    return d == null ? OptionalDouble.empty() : OptionalDouble.of(d.dutyPercent());
  }
}
