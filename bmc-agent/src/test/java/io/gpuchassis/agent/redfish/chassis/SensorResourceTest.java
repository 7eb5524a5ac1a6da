package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.NOW;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.IdleHealthMonitor;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.Sensor;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sensor with its reading, thresholds and health; one not read yet is unknown, which is never OK.
 */
class SensorResourceTest extends HealthViewFixture {

  @Test
  void a_sensor_not_read_yet_has_no_reading_and_no_health_but_its_thresholds() {
    Sensor s = sensor(SensorIds.gpuTemperature(1));

    assertEquals(
        CHASSIS + "/Sensors/" + ChassisSensor.redfishIdOf(SensorIds.gpuTemperature(1)),
        s.getAtOdataId());
    assertNull(s.getReading());
    assertEquals(State.STARTING, s.getStatus().getState());
    assertNull(s.getStatus().getHealth());
    assertEquals(88.0, s.getThresholds().getUpperCritical().getReading());
    assertEquals(2.0, s.getThresholds().getUpperCritical().getHysteresisReading());
    assertEquals(List.of(CHASSIS + "/PCIeDevices/Slot1"), ids(s.getRelatedItem()));
  }

  @Test
  void a_reading_is_shown_with_its_time_and_judged_by_its_thresholds() {
    read(SensorIds.gpuTemperature(3), SensorUnit.CELSIUS, 61.5);
    Sensor ok = sensor(SensorIds.gpuTemperature(3));
    read(SensorIds.gpuTemperature(4), SensorUnit.CELSIUS, 83);
    read(SensorIds.gpuTemperature(6), SensorUnit.CELSIUS, 90);

    assertEquals(61.5, ok.getReading());
    assertEquals(NOW, ok.getReadingTime().toInstant());
    assertEquals(State.ENABLED, ok.getStatus().getState());
    assertEquals(Health.OK, ok.getStatus().getHealth());
    assertEquals(
        Health.WARNING,
        sensor(SensorIds.gpuTemperature(4)).getStatus().getHealth(),
        "above caution (80)");
    assertEquals(
        Health.CRITICAL,
        sensor(SensorIds.gpuTemperature(6)).getStatus().getHealth(),
        "above critical (88)");
  }

  @Test
  void a_sensor_that_cannot_be_read_is_offline_and_critical_without_a_value() {
    read(SensorIds.fanRpm("Fan2"), SensorUnit.RPM, 6000);
    IdleHealthMonitor.fail(monitor, SensorIds.fanRpm("Fan2"), SensorUnit.RPM, NOW);

    Sensor s = sensor(SensorIds.fanRpm("Fan2"));

    assertNull(s.getReading(), "never zero");
    assertEquals(State.UNAVAILABLE_OFFLINE, s.getStatus().getState());
    assertEquals(Health.CRITICAL, s.getStatus().getHealth());
  }

  @Test
  void each_sensor_relates_to_what_it_measures() {
    assertEquals(
        List.of(CHASSIS + "/ThermalSubsystem/Fans/Fan1"),
        ids(sensor(SensorIds.fanRpm("Fan1")).getRelatedItem()));
    assertEquals(
        List.of(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2"),
        ids(sensor(SensorIds.psuOutputWatts("PSU2")).getRelatedItem()));
    assertEquals(
        List.of(CHASSIS), ids(sensor(SensorIds.temperature("InletTemp")).getRelatedItem()));
  }
}
