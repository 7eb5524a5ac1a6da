package io.gpuchassis.agent.health;

import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import java.util.List;
import java.util.Optional;

/** A sensor's Redfish Status from its reading and threshold severity. Unknown is never OK. */
public final class SensorHealth {

  private SensorHealth() {}

  public static Status of(HealthMonitor health, String sensorId) {
    Optional<SensorReading> reading = health.reading(sensorId);
    if (reading.isEmpty()) {
      return new Status().state(State.STARTING);
    }
    if (reading.get().status() == ReadingStatus.FAILED) {
      return new Status().state(State.UNAVAILABLE_OFFLINE).health(Health.CRITICAL);
    }
    Health byThreshold =
        switch (health.severity(sensorId)) {
          case OK -> Health.OK;
          case CAUTION -> Health.WARNING;
          case CRITICAL, FATAL -> Health.CRITICAL;
        };
    // A stale or frozen (invalid) reading is shown but not trusted: the sensor is still there, so
    // Enabled, but Warning.
    ReadingStatus status = reading.get().status();
    boolean untrusted = status == ReadingStatus.STALE || status == ReadingStatus.INVALID;
    return new Status()
        .state(State.ENABLED)
        .health(untrusted && byThreshold == Health.OK ? Health.WARNING : byThreshold);
  }

  /**
   * A supply's Status from its STATUS_WORD: power good and no flags OK, a warning flag Warning, no
   * power Critical.
   */
  public static Status supply(HealthMonitor health, String psuId) {
    Optional<SensorReading> word = health.reading(SensorIds.psuStatus(psuId));
    if (word.isEmpty()) {
      return new Status().state(State.STARTING);
    }
    if (word.get().value().isEmpty()) {
      return new Status().state(State.UNAVAILABLE_OFFLINE).health(Health.CRITICAL);
    }
    return new Status().state(State.ENABLED).health(redfish(SupplyHealth.of(word.get())));
  }

  /** The reading's value, when there is one: a sensor that cannot be read has none (never zero). */
  public static Double value(HealthMonitor health, String sensorId) {
    return health
        .reading(sensorId)
        .flatMap(
            r -> r.value().isPresent() ? Optional.of(r.value().getAsDouble()) : Optional.empty())
        .orElse(null);
  }

  /**
   * What the supplies deliver together: the sum of the outputs that can be read; null when none
   * can.
   */
  public static Double suppliesOutputWatts(HealthMonitor health, List<PowerSupply> psus) {
    Double watts = null;
    for (PowerSupply psu : psus) {
      Double w = value(health, SensorIds.psuOutputWatts(psu.id()));
      watts = w == null ? watts : (watts == null ? 0 : watts) + w;
    }
    return watts;
  }

  /**
   * The supplies' redundancy: OK with a spare beyond the {@code minNeeded} that power the chassis,
   * Warning with none to spare, Critical with too few working.
   */
  public static Health redundancy(HealthMonitor health, List<PowerSupply> psus, int minNeeded) {
    long working =
        psus.stream().filter(p -> supply(health, p.id()).getHealth() == Health.OK).count();
    return working > minNeeded
        ? Health.OK
        : working == minNeeded ? Health.WARNING : Health.CRITICAL;
  }

  /** The fans together (the ThermalSubsystem): the worst fan's health. */
  public static Health fans(HealthMonitor health, List<io.gpuchassis.agent.chassis.Fan> fans) {
    Health worst = Health.OK;
    for (io.gpuchassis.agent.chassis.Fan fan : fans) {
      worst = worst(worst, of(health, SensorIds.fanRpm(fan.id())).getHealth());
    }
    return worst;
  }

  static Health redfish(io.gpuchassis.sensor.threshold.Health health) {
    return switch (health) {
      case OK -> Health.OK;
      case WARNING -> Health.WARNING;
      case CRITICAL -> Health.CRITICAL;
    };
  }

  public static Health worst(Health a, Health b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return a.ordinal() >= b.ordinal() ? a : b;
  }
}
