package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.PowerSupply;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.EnvironmentMetrics;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.PowerSubsystem;
import io.gpuchassis.redfish.model.RedundantGroup;
import io.gpuchassis.redfish.model.SensorExcerpt;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import java.util.List;
import java.util.Map;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/PowerSubsystem}: the supplies (health from their PMBus
 * STATUS_WORD) and the chassis's EnvironmentMetrics (intake temperature, power drawn from the
 * supplies).
 */
public final class PowerResource {

  /** What the reference board\'s supplies take; the legacy Power resource says the same. */
  static final String SUPPLY_TYPE = "AC";

  private final ChassisModel model;
  private final HealthMonitor health;
  private final String redundancyType;
  private final int minNeeded;

  /**
   * @param redundancyType the supplies' Redfish RedundancyType (NPlusM, ...)
   * @param minNeeded how many supplies must work to power the whole chassis
   */
  public PowerResource(
      ChassisModel model, HealthMonitor health, String redundancyType, int minNeeded) {
    this.model = model;
    this.health = health;
    this.redundancyType = redundancyType;
    this.minNeeded = minNeeded;
  }

  public void register(RedfishRoutes routes) {
    String base = Uris.POWER_SUBSYSTEM_TEMPLATE;
    routes.resource(base, "PowerSubsystem", (params, caller) -> renderSubsystem(state(params)));
    routes.resource(
        Uris.POWER_SUPPLIES_TEMPLATE,
        "PowerSupplyCollection",
        (params, caller) -> {
          ChassisState state = state(params);
          String chassis = state.identity().id();
          return Collections.render(
              Schemas.POWER_SUPPLY_COLLECTION,
              Uris.powerSupplies(chassis),
              "Power Supplies",
              state.powerSupplies().stream().map(p -> Uris.powerSupply(chassis, p.id())).toList());
        });
    routes.resource(
        Uris.POWER_SUPPLY_TEMPLATE,
        "PowerSupply",
        (params, caller) -> {
          ChassisState state = state(params);
          PowerSupply psu =
              state.powerSupplies().stream()
                  .filter(p -> p.id().equals(params.get("PowerSupplyId")))
                  .findFirst()
                  .orElseThrow(
                      () -> RedfishErrors.notFound("PowerSupply", params.get("PowerSupplyId")));
          return renderSupply(state.identity().id(), psu);
        });
    routes.resource(
        Uris.ENVIRONMENT_METRICS_TEMPLATE,
        "EnvironmentMetrics",
        (params, caller) -> renderEnvironment(state(params)));
  }

  private ChassisState state(Map<String, String> params) {
    return ChassisLookup.state(model, params);
  }

  PowerSubsystem renderSubsystem(ChassisState state) {
    String chassis = state.identity().id();
    List<PowerSupply> psus = state.powerSupplies();
    int needed = minNeeded;
    Health redundancy = SensorHealth.redundancy(health, psus, needed);
    return new PowerSubsystem()
        .atOdataId(Uris.powerSubsystem(chassis))
        .atOdataType(Schemas.POWER_SUBSYSTEM.odataType())
        .id("PowerSubsystem")
        .name("Power Subsystem")
        .status(new Status().state(State.ENABLED).health(redundancy))
        .capacityWatts((double) io.gpuchassis.agent.compose.PowerBudget.capacityWatts(psus, needed))
        .powerSupplies(Uris.ref(Uris.powerSupplies(chassis)))
        .powerSupplyRedundancy(
            List.of(
                new RedundantGroup()
                    .redundancyType(redundancyType)
                    .minNeededInGroup(needed)
                    .maxSupportedInGroup(psus.size())
                    .redundancyGroup(
                        psus.stream()
                            .map(p -> Uris.ref(Uris.powerSupply(chassis, p.id())))
                            .toList())
                    .status(new Status().state(State.ENABLED).health(redundancy))));
  }

  io.gpuchassis.redfish.model.PowerSupply renderSupply(String chassis, PowerSupply psu) {
    return new io.gpuchassis.redfish.model.PowerSupply()
        .atOdataId(Uris.powerSupply(chassis, psu.id()))
        .atOdataType(Schemas.POWER_SUPPLY.odataType())
        .id(psu.id())
        .name(psu.id())
        .model(psu.model())
        .powerCapacityWatts((double) psu.ratedWatts())
        .powerSupplyType(SUPPLY_TYPE)
        .hotPluggable(true)
        .firmwareVersion(psu.firmwareVersion().isBlank() ? null : psu.firmwareVersion())
        .manufacturer(psu.manufacturer().isBlank() ? null : psu.manufacturer())
        .serialNumber(psu.serialNumber().isBlank() ? null : psu.serialNumber())
        .status(supplyStatus(psu));
  }

  private Status supplyStatus(PowerSupply psu) {
    return SensorHealth.supply(health, psu.id());
  }

  EnvironmentMetrics renderEnvironment(ChassisState state) {
    String chassis = state.identity().id();
    Double watts = SensorHealth.suppliesOutputWatts(health, state.powerSupplies());
    EnvironmentMetrics out =
        new EnvironmentMetrics()
            .atOdataId(Uris.environmentMetrics(chassis))
            .atOdataType(Schemas.ENVIRONMENT_METRICS.odataType())
            .id("EnvironmentMetrics")
            .name("Chassis Environment Metrics")
            .powerWatts(new SensorExcerpt().reading(watts));
    state.temperatureSensors().stream()
        .filter(t -> t.physicalContext().equals("Intake"))
        .findFirst()
        .ifPresent(
            t ->
                out.temperatureCelsius(
                    new SensorExcerpt()
                        .dataSourceUri(
                            Uris.sensor(
                                chassis, ChassisSensor.redfishIdOf(SensorIds.temperature(t.id()))))
                        .reading(SensorHealth.value(health, SensorIds.temperature(t.id())))));
    return out;
  }
}
