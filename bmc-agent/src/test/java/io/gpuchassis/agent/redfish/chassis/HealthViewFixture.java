package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.CHASSIS_ID;
import static io.gpuchassis.agent.redfish.ChassisFixture.NOW;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.IdleHealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.platform.BoardSensorLayout;
import io.gpuchassis.agent.redfish.ChassisFixture;
import io.gpuchassis.redfish.model.Sensor;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the health views render from, built without an agent: the fixture chassis state, a health
 * monitor of the reference board that reads nothing by itself (each test hands it the readings it
 * needs), and the sensor catalog.
 */
abstract class HealthViewFixture {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";

  final ChassisState state = healthy();
  final Set<Integer> gpuSlots =
      state.slots().stream().filter(Slot::occupied).map(Slot::number).collect(Collectors.toSet());
  final HealthMonitor monitor =
      IdleHealthMonitor.of(BoardDescription.reference(), gpuSlots, ChassisFixture.CLOCK);
  final SensorCatalog catalog =
      new SensorCatalog(BoardSensorLayout.of(BoardDescription.reference()), gpuSlots);

  Sensor sensor(String sensorId) {
    ChassisSensor s =
        catalog.all().stream().filter(c -> c.sensorId().equals(sensorId)).findFirst().orElseThrow();
    return SensorResource.render(CHASSIS_ID, s, monitor);
  }

  void read(String sensorId, SensorUnit unit, double value) {
    IdleHealthMonitor.read(monitor, sensorId, unit, value, NOW);
  }

  /**
   * Every sensor of the catalog, and both supplies' STATUS_WORD, read at a value inside its
   * thresholds.
   */
  void readAllHealthy() {
    for (ChassisSensor s : catalog.all()) {
      var t = monitor.thresholds(s.sensorId());
      double value =
          t.flatMap(
                  x ->
                      x.upperCaution().isPresent()
                          ? java.util.Optional.of(x.upperCaution().getAsDouble() - 10)
                          : java.util.Optional.empty())
              .or(
                  () ->
                      t.flatMap(
                          x ->
                              x.lowerCaution().isPresent()
                                  ? java.util.Optional.of(x.lowerCaution().getAsDouble() + 1000)
                                  : java.util.Optional.empty()))
              .orElse(0.0);
      read(s.sensorId(), SensorUnit.STATE, value);
    }
    read(SensorIds.psuStatus("PSU1"), SensorUnit.STATE, 0);
    read(SensorIds.psuStatus("PSU2"), SensorUnit.STATE, 0);
    read(SensorIds.psuStatus("PSU3"), SensorUnit.STATE, 0);
    read(SensorIds.psuStatus("PSU4"), SensorUnit.STATE, 0);
  }
}
