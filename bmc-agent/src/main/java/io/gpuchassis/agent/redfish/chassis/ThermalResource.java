package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Fan;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.FanSpeedExcerpt;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.SensorArrayExcerpt;
import io.gpuchassis.redfish.model.SensorExcerpt;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.TemperatureSummary;
import io.gpuchassis.redfish.model.ThermalMetrics;
import io.gpuchassis.redfish.model.ThermalSubsystem;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/ThermalSubsystem}: the fans (speed from their tach, duty
 * from the fan loop, health from their speed thresholds) and ThermalMetrics (every temperature the
 * chassis reads).
 */
public final class ThermalResource {

  /** The reference board\'s fans are modules; the legacy Thermal resource says the same. */
  static final boolean FANS_HOT_PLUGGABLE = true;

  private final ChassisModel model;
  private final HealthMonitor health;
  private final SensorCatalog catalog;

  public ThermalResource(ChassisModel model, HealthMonitor health, SensorCatalog catalog) {
    this.model = model;
    this.health = health;
    this.catalog = catalog;
  }

  public void register(RedfishRoutes routes) {
    String base = Uris.THERMAL_SUBSYSTEM_TEMPLATE;
    routes.resource(base, "ThermalSubsystem", (params, caller) -> renderSubsystem(state(params)));
    routes.resource(
        Uris.FANS_TEMPLATE,
        "FanCollection",
        (params, caller) -> {
          ChassisState state = state(params);
          String chassis = state.identity().id();
          return Collections.render(
              Schemas.FAN_COLLECTION,
              Uris.fans(chassis),
              "Fans",
              state.fans().stream().map(f -> Uris.fan(chassis, f.id())).toList());
        });
    routes.resource(
        Uris.FAN_TEMPLATE,
        "Fan",
        (params, caller) -> {
          ChassisState state = state(params);
          Fan fan =
              state.fans().stream()
                  .filter(f -> f.id().equals(params.get("FanId")))
                  .findFirst()
                  .orElseThrow(() -> RedfishErrors.notFound("Fan", params.get("FanId")));
          return renderFan(state.identity().id(), fan);
        });
    routes.resource(
        Uris.THERMAL_METRICS_TEMPLATE,
        "ThermalMetrics",
        (params, caller) -> renderMetrics(state(params)));
  }

  private ChassisState state(Map<String, String> params) {
    return ChassisLookup.state(model, params);
  }

  ThermalSubsystem renderSubsystem(ChassisState state) {
    String chassis = state.identity().id();
    Health worst = SensorHealth.fans(health, state.fans());
    return new ThermalSubsystem()
        .atOdataId(Uris.thermalSubsystem(chassis))
        .atOdataType(Schemas.THERMAL_SUBSYSTEM.odataType())
        .id("ThermalSubsystem")
        .name("Thermal Subsystem")
        .status(new Status().state(State.ENABLED).health(worst))
        .fans(Uris.ref(Uris.fans(chassis)))
        .thermalMetrics(Uris.ref(Uris.thermalMetrics(chassis)));
  }

  io.gpuchassis.redfish.model.Fan renderFan(String chassis, Fan fan) {
    String rpm = SensorIds.fanRpm(fan.id());
    return new io.gpuchassis.redfish.model.Fan()
        .atOdataId(Uris.fan(chassis, fan.id()))
        .atOdataType(Schemas.FAN.odataType())
        .id(fan.id())
        .name(fan.id())
        .physicalContext("Chassis")
        .hotPluggable(FANS_HOT_PLUGGABLE)
        .status(SensorHealth.of(health, rpm))
        .speedPercent(
            new FanSpeedExcerpt()
                .dataSourceUri(Uris.sensor(chassis, ChassisSensor.redfishIdOf(rpm)))
                .reading(health.fanDecision().map(d -> d.dutyPercent()).orElse(null))
                .speedRPM(SensorHealth.value(health, rpm)));
  }

  ThermalMetrics renderMetrics(ChassisState state) {
    String chassis = state.identity().id();
    List<ChassisSensor> temperatures =
        catalog.all().stream().filter(s -> s.readingType().equals("Temperature")).toList();
    return new ThermalMetrics()
        .atOdataId(Uris.thermalMetrics(chassis))
        .atOdataType(Schemas.THERMAL_METRICS.odataType())
        .id("ThermalMetrics")
        .name("Chassis Temperatures")
        .temperatureSummaryCelsius(
            new TemperatureSummary()
                .intake(excerpt(chassis, temperatures, "Intake").orElse(null))
                .exhaust(excerpt(chassis, temperatures, "Exhaust").orElse(null)))
        .temperatureReadingsCelsius(
            temperatures.stream()
                .map(
                    s ->
                        new SensorArrayExcerpt()
                            .dataSourceUri(Uris.sensor(chassis, s.redfishId()))
                            .deviceName(s.device())
                            .physicalContext(s.physicalContext())
                            .reading(SensorHealth.value(health, s.sensorId())))
                .toList());
  }

  private Optional<SensorExcerpt> excerpt(
      String chassis, List<ChassisSensor> sensors, String context) {
    return sensors.stream()
        .filter(s -> s.physicalContext().equals(context))
        .findFirst()
        .map(
            s ->
                new SensorExcerpt()
                    .dataSourceUri(Uris.sensor(chassis, s.redfishId()))
                    .reading(SensorHealth.value(health, s.sensorId())));
  }
}
