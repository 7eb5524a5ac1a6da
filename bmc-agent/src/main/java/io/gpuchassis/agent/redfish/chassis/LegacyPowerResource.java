package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.LegacyPowerSupply;
import io.gpuchassis.redfish.model.Power;
import io.gpuchassis.redfish.model.PowerControl;
import io.gpuchassis.redfish.model.PowerVoltage;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/Power}: the deprecated power resource that many clients
 * still read, rendered from the same readings as PowerSubsystem and Sensors.
 */
public final class LegacyPowerResource {

  private final ChassisModel model;
  private final HealthMonitor health;
  private final SensorCatalog catalog;

  public LegacyPowerResource(ChassisModel model, HealthMonitor health, SensorCatalog catalog) {
    this.model = model;
    this.health = health;
    this.catalog = catalog;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.LEGACY_POWER_TEMPLATE,
        "Power",
        (params, caller) -> render(ChassisLookup.state(model, params)));
  }

  private Power render(ChassisState state) {
    String chassis = state.identity().id();
    String uri = Uris.chassis(chassis) + "/Power";
    List<LegacyPowerSupply> supplies = new ArrayList<>();
    for (PowerSupply psu : state.powerSupplies()) {
      Double output = SensorHealth.value(health, SensorIds.psuOutputWatts(psu.id()));
      supplies.add(
          new LegacyPowerSupply()
              .atOdataId(uri + "#/PowerSupplies/" + supplies.size())
              .memberId(Integer.toString(supplies.size()))
              .name(psu.id())
              .model(psu.model())
              .serialNumber(psu.serialNumber().isBlank() ? null : psu.serialNumber())
              .powerCapacityWatts((double) psu.ratedWatts())
              .lastPowerOutputWatts(output)
              .lineInputVoltage(SensorHealth.value(health, SensorIds.psuInputVolts(psu.id())))
              .powerSupplyType(PowerResource.SUPPLY_TYPE)
              .hotPluggable(true)
              .status(SensorHealth.supply(health, psu.id())));
    }
    List<PowerVoltage> voltages = new ArrayList<>();
    for (ChassisSensor s : catalog.all()) {
      if (s.readingType().equals("Voltage")) {
        voltages.add(
            new PowerVoltage()
                .atOdataId(uri + "#/Voltages/" + voltages.size())
                .memberId(Integer.toString(voltages.size()))
                .name(s.sensorId().replace(".", " "))
                .readingVolts(SensorHealth.value(health, s.sensorId()))
                .physicalContext(s.physicalContext())
                .status(SensorHealth.of(health, s.sensorId())));
      }
    }
    return new Power()
        .atOdataId(uri)
        .atOdataType(Schemas.POWER.odataType())
        .id("Power")
        .name("Power")
        .powerControl(
            List.of(
                new PowerControl()
                    .atOdataId(uri + "#/PowerControl/0")
                    .memberId("0")
                    .name("Chassis power")
                    .powerConsumedWatts(
                        SensorHealth.suppliesOutputWatts(health, state.powerSupplies()))
                    .status(new Status().state(State.ENABLED))))
        .powerSupplies(supplies)
        .voltages(voltages);
  }
}
