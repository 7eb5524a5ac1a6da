package io.gpuchassis.agent.health;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.sensor.poll.SensorReading;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The version of everything the chassis's Redfish views (chassis, PCIe devices, fabric, ports,
 * sensors) and their health rollups read: the state snapshot's generation, the health monitor's
 * {@link HealthMonitor#version()}, and how many switch observations have gone stale since, the only
 * way the clock enters a view. Two equal versions mean the same views, so a body rendered at one
 * can be answered again while the version stands.
 *
 * <p>Every part only grows (a snapshot's observations fixed, one that went stale stays stale), so a
 * version never comes back once it has moved on: a body can never be answered for a later state
 * than the one it was rendered from.
 */
public final class ViewVersion {

  /** One version; compare with {@code equals}. */
  public record Of(long generation, long monitor, int staleSwitches) {}

  /** The version of one sensor's view; compare with {@code equals}. */
  public record OfSensor(long generation, long statuses, SensorReading reading) {}

  private final ChassisModel model;
  private final HealthMonitor monitor;
  private final Clock clock;
  private final Duration staleAfter;

  /**
   * @param staleAfter the same window {@link FabricHealth} and the views judge observations by
   */
  public ViewVersion(ChassisModel model, HealthMonitor monitor, Clock clock, Duration staleAfter) {
    this.model = model;
    this.monitor = monitor;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  /** The version now: take it before reading what it covers. */
  public Of now() {
    long health = monitor.version();
    return of(model.current(), health);
  }

  /**
   * The version of a view that shows sensors' statuses and health but none of their values (the
   * chassis and its rollup): it stays while readings only change value.
   */
  public Of statusNow() {
    long health = monitor.statusVersion();
    return of(model.current(), health);
  }

  /**
   * The version of one sensor's own view: its latest reading (a new one each poll) and the
   * statuses, so that the readings of the other sensors leave it.
   */
  public OfSensor sensorNow(String sensorId) {
    long statuses = monitor.statusVersion();
    SensorReading reading = monitor.reading(sensorId).orElse(null);
    return new OfSensor(model.current().generation(), statuses, reading);
  }

  /**
   * The version of a view of the fabric alone (ports, switches, the fabric), which reads the
   * snapshot and judges switch observations by their age but no sensor: it stays while readings
   * come and go.
   */
  public Of fabricNow() {
    return of(model.current(), 0);
  }

  private Of of(ChassisState state, long health) {
    // observed + staleAfter < now, as observed < now - staleAfter: one instant a request, not one
    // a switch (this runs for every GET of a cached view)
    Instant freshFrom = clock.instant().minus(staleAfter);
    int stale = 0;
    for (SwitchChip chip : state.switches()) {
      Optional<SwitchObservation> observation = state.switchObservation(chip.id());
      if (observation.isPresent() && observation.get().observedAt().isBefore(freshFrom)) {
        stale++;
      }
    }
    return new Of(state.generation(), health, stale);
  }

  /** Only the snapshot's generation, for views that read nothing but the snapshot. */
  public long generation() {
    return model.current().generation();
  }
}
