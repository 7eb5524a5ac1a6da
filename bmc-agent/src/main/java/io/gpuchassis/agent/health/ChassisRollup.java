package io.gpuchassis.agent.health;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;

/**
 * The chassis's health: its own part (air temperatures, fans, supplies, rails) as {@code Health},
 * and everything in it (GPUs, switches and their links) added as {@code HealthRollup}. A sensor not
 * read yet is unknown, which is never OK.
 */
public final class ChassisRollup {

  private final ChassisHealth health;
  private final FabricHealth fabric;

  public ChassisRollup(ChassisHealth health, FabricHealth fabric) {
    this.health = health;
    this.fabric = fabric;
  }

  public Status of(ChassisState state) {
    Health own = Health.OK;
    Health gpus = Health.OK;
    for (ChassisSensor s : health.catalog().all()) {
      Health h = SensorHealth.of(health.monitor(), s.sensorId()).getHealth();
      h = h == null ? Health.WARNING : h;
      if (s.physicalContext().equals("GPU")) {
        gpus = SensorHealth.worst(gpus, h);
      } else {
        own = SensorHealth.worst(own, h);
      }
    }
    for (PowerSupply psu : state.powerSupplies()) {
      Health h = SensorHealth.supply(health.monitor(), psu.id()).getHealth();
      own = SensorHealth.worst(own, h == null ? Health.WARNING : h);
    }
    Health rollup = SensorHealth.worst(SensorHealth.worst(own, gpus), fabric.ofFabric(state));
    return new Status().state(State.ENABLED).health(own).healthRollup(rollup);
  }
}
