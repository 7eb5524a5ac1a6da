package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.agent.health.SensorThresholds;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.Thermal;
import io.gpuchassis.redfish.model.ThermalFan;
import io.gpuchassis.redfish.model.ThermalTemperature;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.threshold.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/Thermal}: the deprecated thermal resource that Ansible,
 * sushy and many monitoring scripts still read, rendered from the same readings as ThermalSubsystem
 * and Sensors.
 */
public final class LegacyThermalResource {

  private final ChassisModel model;
  private final HealthMonitor health;
  private final SensorCatalog catalog;

  public LegacyThermalResource(ChassisModel model, HealthMonitor health, SensorCatalog catalog) {
    this.model = model;
    this.health = health;
    this.catalog = catalog;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.LEGACY_THERMAL_TEMPLATE,
        "Thermal",
        (params, caller) -> render(ChassisLookup.state(model, params)));
  }

  private Thermal render(ChassisState state) {
    String chassis = state.identity().id();
    String uri = Uris.chassis(chassis) + "/Thermal";
    List<ThermalTemperature> temperatures = new ArrayList<>();
    for (ChassisSensor s : catalog.all()) {
      if (!s.readingType().equals("Temperature")) {
        continue;
      }
      int index = temperatures.size();
      ThermalTemperature t =
          new ThermalTemperature()
              .atOdataId(uri + "#/Temperatures/" + index)
              .memberId(Integer.toString(index))
              .name(s.sensorId().replace(".", " "))
              .readingCelsius(SensorHealth.value(health, s.sensorId()))
              .physicalContext(s.physicalContext())
              .status(SensorHealth.of(health, s.sensorId()))
              .relatedItem(List.of(Uris.ref(Uris.sensor(chassis, s.redfishId()))));
      health
          .thresholds(s.sensorId())
          .ifPresent(
              th ->
                  t.upperThresholdNonCritical(value(th.upperCaution()))
                      .upperThresholdCritical(value(th.upperCritical()))
                      .upperThresholdFatal(value(th.upperFatal())));
      temperatures.add(t);
    }
    List<ThermalFan> fans = new ArrayList<>();
    Thresholds speed = SensorThresholds.FAN_SPEED;
    for (Fan fan : state.fans()) {
      String rpm = SensorIds.fanRpm(fan.id());
      Double reading = SensorHealth.value(health, rpm);
      fans.add(
          new ThermalFan()
              .atOdataId(uri + "#/Fans/" + fans.size())
              .memberId(Integer.toString(fans.size()))
              .name(fan.id())
              .reading(reading == null ? null : (int) Math.round(reading))
              .readingUnits(ThermalFan.ReadingUnitsEnum.RPM)
              .lowerThresholdNonCritical((int) speed.lowerCaution().orElseThrow())
              .lowerThresholdCritical((int) speed.lowerCritical().orElseThrow())
              .physicalContext("Chassis")
              .hotPluggable(ThermalResource.FANS_HOT_PLUGGABLE)
              .status(SensorHealth.of(health, rpm)));
    }
    return new Thermal()
        .atOdataId(uri)
        .atOdataType(Schemas.THERMAL.odataType())
        .id("Thermal")
        .name("Thermal")
        .temperatures(temperatures)
        .fans(fans);
  }

  private static Double value(OptionalDouble v) {
    return v.isPresent() ? v.getAsDouble() : null;
  }
}
