package io.gpuchassis.agent.redfish.chassis;

import static io.gpuchassis.agent.redfish.ChassisFixture.CHASSIS_ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.redfish.model.Fan;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.ThermalMetrics;
import io.gpuchassis.redfish.model.ThermalSubsystem;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import org.junit.jupiter.api.Test;

/** The fans and the chassis temperatures. */
class ThermalResourceTest extends HealthViewFixture {

  @Test
  void a_fan_shows_its_speed_and_the_subsystem_is_its_worst_fan() {
    ThermalResource thermal = new ThermalResource(null, monitor, catalog);
    for (var fan : state.fans()) {
      read(SensorIds.fanRpm(fan.id()), SensorUnit.RPM, fan.id().equals("Fan5") ? 300 : 7000);
    }

    Fan fan1 = thermal.renderFan(CHASSIS_ID, state.fans().get(0));
    Fan fan5 = thermal.renderFan(CHASSIS_ID, state.fans().get(4));
    ThermalSubsystem subsystem = thermal.renderSubsystem(state);

    assertEquals(CHASSIS + "/ThermalSubsystem/Fans/Fan1", fan1.getAtOdataId());
    assertEquals(7000.0, fan1.getSpeedPercent().getSpeedRPM());
    assertEquals(
        CHASSIS + "/Sensors/" + ChassisSensor.redfishIdOf(SensorIds.fanRpm("Fan1")),
        fan1.getSpeedPercent().getDataSourceUri());
    assertEquals(Health.OK, fan1.getStatus().getHealth());
    assertEquals(Health.CRITICAL, fan5.getStatus().getHealth(), "below the critical 500 RPM");
    assertEquals(Health.CRITICAL, subsystem.getStatus().getHealth());
    assertEquals(CHASSIS + "/ThermalSubsystem/Fans", subsystem.getFans().getAtOdataId());
  }

  @Test
  void thermal_metrics_list_every_temperature_with_intake_and_exhaust_summarised() {
    ThermalResource thermal = new ThermalResource(null, monitor, catalog);
    read(SensorIds.temperature("InletTemp"), SensorUnit.CELSIUS, 24.5);

    ThermalMetrics m = thermal.renderMetrics(state);

    long temperatures =
        catalog.all().stream().filter(s -> s.readingType().equals("Temperature")).count();
    assertEquals(temperatures, m.getTemperatureReadingsCelsius().size());
    assertEquals(24.5, m.getTemperatureSummaryCelsius().getIntake().getReading());
    assertEquals(
        CHASSIS + "/Sensors/" + ChassisSensor.redfishIdOf(SensorIds.temperature("InletTemp")),
        m.getTemperatureSummaryCelsius().getIntake().getDataSourceUri());
    assertNull(m.getTemperatureSummaryCelsius().getExhaust().getReading(), "not read yet");
  }
}
