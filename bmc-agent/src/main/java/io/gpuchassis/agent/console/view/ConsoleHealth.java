package io.gpuchassis.agent.console.view;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.Status;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Where the console views get health from: the very derivations the Redfish resources use
 * (GpuStatus, SensorHealth, FabricHealth, ChassisRollup), with the same clock and staleness window,
 * so a technician at the console and an orchestrator on Redfish never see two verdicts for one
 * part.
 *
 * @param chassis the monitor, the sensor catalog and the supplies' redundancy, as given to the
 *     Redfish resources
 * @param staleAfter switch observations older than this are unknown (the value the Redfish
 *     resources get)
 */
public record ConsoleHealth(ChassisHealth chassis, Clock clock, Duration staleAfter) {

  public HealthMonitor monitor() {
    return chassis.monitor();
  }

  public SensorCatalog catalog() {
    return chassis.catalog();
  }

  /** The fabric's health, as the Fabric, Switch and Port resources judge it. */
  public FabricHealth fabric() {
    return new FabricHealth(clock, staleAfter);
  }

  /** The chassis's own health and its rollup, as the Chassis resource shows them. */
  public Status chassisStatus(ChassisState state) {
    return new ChassisRollup(chassis, fabric()).of(state);
  }

  /** An occupied slot's GPU status, as its PCIeDevice and Processor show it. */
  public Status gpu(ChassisState state, Slot slot) {
    return GpuStatus.of(state, slot, monitor(), clock.instant(), staleAfter);
  }

  /** A sensor's status, as its Sensor resource shows it. */
  public Status sensor(String sensorId) {
    return SensorHealth.of(monitor(), sensorId);
  }

  /** A supply's status from its STATUS_WORD, as its PowerSupply resource shows it. */
  public Status supply(String psuId) {
    return SensorHealth.supply(monitor(), psuId);
  }

  /** A sensor's value, or null when it has none (never zero for a sensor that cannot be read). */
  public Double value(String sensorId) {
    return SensorHealth.value(monitor(), sensorId);
  }

  /** What the supplies deliver together; null when no output can be read. */
  public Double suppliesOutputWatts(ChassisState state) {
    return SensorHealth.suppliesOutputWatts(monitor(), state.powerSupplies());
  }

  /** The supplies' redundancy, as the PowerSubsystem shows it. */
  public Health supplyRedundancy(ChassisState state) {
    return SensorHealth.redundancy(monitor(), state.powerSupplies(), chassis.minSuppliesNeeded());
  }

  /** The fans together, as the ThermalSubsystem shows them. */
  public Health fans(ChassisState state) {
    return SensorHealth.fans(monitor(), state.fans());
  }

  /** A wired port's health, as its Port resource shows it. */
  public Health port(ChassisState state, WiredPort port) {
    return fabric().ofPort(state, port);
  }

  /** A port's link values, only when they come from a recent successful poll. */
  public Optional<PortLink> link(ChassisState state, WiredPort port) {
    return PortHealth.trustedLink(
        port, state.switchObservation(port.switchId()), clock.instant(), staleAfter);
  }
}
