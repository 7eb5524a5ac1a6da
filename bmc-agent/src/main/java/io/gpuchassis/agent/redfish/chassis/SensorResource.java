package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.health.SensorHealth;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.OdataIdRef;
import io.gpuchassis.redfish.model.ReadingType;
import io.gpuchassis.redfish.model.Sensor;
import io.gpuchassis.redfish.model.SensorThreshold;
import io.gpuchassis.redfish.model.SensorThresholds;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.threshold.Thresholds;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/Sensors[/{SensorId}]}: every sensor the health monitor
 * reads, with its reading (absent while it cannot be read), its thresholds and its health.
 */
public final class SensorResource {

  private final ChassisModel model;
  private final HealthMonitor health;
  private final SensorCatalog catalog;
  private final ViewVersion views;

  /**
   * @param views the version of what the views read: their bodies are cached while it stands
   */
  public SensorResource(
      ChassisModel model, HealthMonitor health, SensorCatalog catalog, ViewVersion views) {
    this.model = model;
    this.health = health;
    this.catalog = catalog;
    this.views = views;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.SENSORS_TEMPLATE,
        "SensorCollection",
        params -> views.generation(),
        (params, caller) -> {
          String chassis = chassis(params);
          return Collections.render(
              Schemas.SENSOR_COLLECTION,
              Uris.sensors(chassis),
              "Sensors",
              catalog.all().stream().map(s -> Uris.sensor(chassis, s.redfishId())).toList());
        });
    routes.resource(
        Uris.SENSOR_TEMPLATE,
        "Sensor",
        // its own reading, not every sensor's
        params ->
            catalog
                .byRedfishId(params.get("SensorId"))
                .map(s -> views.sensorNow(s.sensorId()))
                .orElse(null),
        (params, caller) -> {
          String chassis = chassis(params);
          ChassisSensor sensor =
              catalog
                  .byRedfishId(params.get("SensorId"))
                  .orElseThrow(() -> RedfishErrors.notFound("Sensor", params.get("SensorId")));
          return render(chassis, sensor, health);
        });
  }

  private String chassis(Map<String, String> params) {
    return ChassisLookup.state(model, params).identity().id();
  }

  static Sensor render(String chassis, ChassisSensor sensor, HealthMonitor health) {
    Sensor out =
        new Sensor()
            .atOdataId(Uris.sensor(chassis, sensor.redfishId()))
            .atOdataType(Schemas.SENSOR.odataType())
            .id(sensor.redfishId())
            .name(sensor.sensorId().replace(".", " "))
            .readingType(ReadingType.fromValue(sensor.readingType()))
            .readingUnits(sensor.units())
            .physicalContext(sensor.physicalContext())
            .reading(SensorHealth.value(health, sensor.sensorId()))
            .status(SensorHealth.of(health, sensor.sensorId()))
            .relatedItem(relatedItem(chassis, sensor));
    health
        .reading(sensor.sensorId())
        .flatMap(r -> r.valueTime())
        .ifPresent(t -> out.readingTime(t.atOffset(ZoneOffset.UTC)));
    health.thresholds(sensor.sensorId()).ifPresent(t -> out.thresholds(thresholds(t)));
    return out;
  }

  private static SensorThresholds thresholds(Thresholds t) {
    return new SensorThresholds()
        .upperCaution(level(t.upperCaution(), t.hysteresis()))
        .upperCritical(level(t.upperCritical(), t.hysteresis()))
        .upperFatal(level(t.upperFatal(), t.hysteresis()))
        .lowerCaution(level(t.lowerCaution(), t.hysteresis()))
        .lowerCritical(level(t.lowerCritical(), t.hysteresis()))
        .lowerFatal(level(t.lowerFatal(), t.hysteresis()));
  }

  private static SensorThreshold level(OptionalDouble value, double hysteresis) {
    return value.isPresent()
        ? new SensorThreshold().reading(value.getAsDouble()).hysteresisReading(hysteresis)
        : null;
  }

  /**
   * What the sensor measures: a GPU's PCIe device, a fan, a power supply, or the chassis itself.
   */
  private static List<OdataIdRef> relatedItem(String chassis, ChassisSensor sensor) {
    String id = sensor.sensorId();
    OptionalInt gpu = SensorIds.slotOfGpu(id);
    if (gpu.isPresent()) {
      return List.of(Uris.ref(Uris.pcieDevice(chassis, gpu.getAsInt())));
    }
    if ("Fan".equals(sensor.physicalContext())) {
      return List.of(Uris.ref(Uris.fan(chassis, id.substring(0, id.indexOf('.')))));
    }
    if ("PowerSupply".equals(sensor.physicalContext())) {
      return List.of(Uris.ref(Uris.powerSupply(chassis, sensor.device())));
    }
    return List.of(Uris.ref(Uris.chassis(chassis)));
  }
}
