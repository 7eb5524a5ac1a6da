package io.gpuchassis.agent.redfish;

import static io.gpuchassis.agent.redfish.ChassisFixture.CHASSIS_ID;
import static io.gpuchassis.agent.redfish.ChassisFixture.NOW;
import static io.gpuchassis.agent.redfish.ChassisFixture.bound;
import static io.gpuchassis.agent.redfish.ChassisFixture.healthy;
import static io.gpuchassis.agent.redfish.ChassisFixture.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.IdleHealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.platform.BoardSensorLayout;
import io.gpuchassis.redfish.model.Chassis;
import io.gpuchassis.redfish.model.EnvironmentMetrics;
import io.gpuchassis.redfish.model.Fan;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.PCIeDevice;
import io.gpuchassis.redfish.model.PCIeTypes;
import io.gpuchassis.redfish.model.PowerSubsystem;
import io.gpuchassis.redfish.model.PowerSupply;
import io.gpuchassis.redfish.model.Sensor;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.ThermalMetrics;
import io.gpuchassis.redfish.model.ThermalSubsystem;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.poll.SensorUnit;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The health views (sensors, thermal and power subsystems, PCIe devices, the chassis's status) against a health
 * monitor that reads nothing by itself: each test hands it the readings it needs. A sensor not read yet is unknown,
 * which is never OK.
 */
class SensorResourceTest {

  private static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";

  private final ChassisState state = healthy();
  private final Set<Integer> gpuSlots =
      state.slots().stream().filter(Slot::occupied).map(Slot::number).collect(Collectors.toSet());
  private final HealthMonitor monitor = IdleHealthMonitor.of(BoardDescription.reference(), gpuSlots,
      ChassisFixture.CLOCK);
  private final SensorCatalog catalog = new SensorCatalog(BoardSensorLayout.of(BoardDescription.reference()), gpuSlots);

  private Sensor sensor(String sensorId) {
    ChassisSensor s = catalog.all().stream().filter(c -> c.sensorId().equals(sensorId)).findFirst().orElseThrow();
    return SensorResource.render(CHASSIS_ID, s, monitor);
  }

  private void read(String sensorId, SensorUnit unit, double value) {
    IdleHealthMonitor.read(monitor, sensorId, unit, value, NOW);
  }

  /** Every sensor of the catalog, and both supplies' STATUS_WORD, read at a value inside its thresholds. */
  private void readAllHealthy() {
    for (ChassisSensor s : catalog.all()) {
      var t = monitor.thresholds(s.sensorId());
      double value = t.flatMap(x -> x.upperCaution().isPresent()
              ? java.util.Optional.of(x.upperCaution().getAsDouble() - 10) : java.util.Optional.empty())
          .or(() -> t.flatMap(x -> x.lowerCaution().isPresent()
              ? java.util.Optional.of(x.lowerCaution().getAsDouble() + 1000) : java.util.Optional.empty()))
          .orElse(0.0);
      read(s.sensorId(), SensorUnit.STATE, value);
    }
    read(SensorIds.psuStatus("PSU1"), SensorUnit.STATE, 0);
    read(SensorIds.psuStatus("PSU2"), SensorUnit.STATE, 0);
  }

  @Test
  void a_sensor_not_read_yet_has_no_reading_and_no_health_but_its_thresholds() {
    Sensor s = sensor(SensorIds.gpuTemperature(1));

    assertEquals(CHASSIS + "/Sensors/" + ChassisSensor.redfishIdOf(SensorIds.gpuTemperature(1)), s.getAtOdataId());
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
    assertEquals(Health.WARNING, sensor(SensorIds.gpuTemperature(4)).getStatus().getHealth(), "above caution (80)");
    assertEquals(Health.CRITICAL, sensor(SensorIds.gpuTemperature(6)).getStatus().getHealth(), "above critical (88)");
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
    assertEquals(List.of(CHASSIS + "/ThermalSubsystem/Fans/Fan1"), ids(sensor(SensorIds.fanRpm("Fan1")).getRelatedItem()));
    assertEquals(List.of(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2"),
        ids(sensor(SensorIds.psuOutputWatts("PSU2")).getRelatedItem()));
    assertEquals(List.of(CHASSIS), ids(sensor(SensorIds.temperature("InletTemp")).getRelatedItem()));
  }

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
    assertEquals(CHASSIS + "/Sensors/" + ChassisSensor.redfishIdOf(SensorIds.fanRpm("Fan1")),
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

    long temperatures = catalog.all().stream().filter(s -> s.readingType().equals("Temperature")).count();
    assertEquals(temperatures, m.getTemperatureReadingsCelsius().size());
    assertEquals(24.5, m.getTemperatureSummaryCelsius().getIntake().getReading());
    assertEquals(CHASSIS + "/Sensors/" + ChassisSensor.redfishIdOf(SensorIds.temperature("InletTemp")),
        m.getTemperatureSummaryCelsius().getIntake().getDataSourceUri());
    assertNull(m.getTemperatureSummaryCelsius().getExhaust().getReading(), "not read yet");
  }

  @Test
  void power_is_redundant_only_with_a_supply_to_spare() {
    PowerResource power = new PowerResource(null, monitor, "NPlusM", 1);
    read(SensorIds.psuStatus("PSU1"), SensorUnit.STATE, 0);
    read(SensorIds.psuStatus("PSU2"), SensorUnit.STATE, 0);
    read(SensorIds.psuOutputWatts("PSU1"), SensorUnit.WATTS, 1200);
    read(SensorIds.psuOutputWatts("PSU2"), SensorUnit.WATTS, 1100);

    PowerSubsystem both = power.renderSubsystem(state);
    EnvironmentMetrics environment = power.renderEnvironment(state);
    read(SensorIds.psuStatus("PSU2"), SensorUnit.STATE, 0x0840); // POWER_GOOD# and OFF
    PowerSubsystem one = power.renderSubsystem(state);
    PowerSupply psu2 = power.renderSupply(CHASSIS_ID, state.powerSupplies().get(1));

    assertEquals(Health.OK, both.getStatus().getHealth());
    assertEquals(3200.0, both.getCapacityWatts());
    assertEquals(List.of(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1", CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2"),
        ids(both.getPowerSupplyRedundancy().get(0).getRedundancyGroup()));
    assertEquals(2300.0, environment.getPowerWatts().getReading(), 1e-9);
    assertEquals(Health.CRITICAL, psu2.getStatus().getHealth());
    assertEquals(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2", psu2.getAtOdataId());
    assertEquals(Health.WARNING, one.getStatus().getHealth(), "one working supply carries the chassis, none to spare");
  }

  @Test
  void a_pcie_device_shows_its_gpu_its_link_and_its_status() {
    PCIeDeviceResource devices =
        new PCIeDeviceResource(null, null, monitor, ChassisFixture.CLOCK, ChassisFixture.STALE_AFTER);
    ChassisState composed = bound(state, 11, "Host5", 4, 16).withBinding(
        bound(state, 11, "Host5", 4, 16).binding(11).withReadyToRemove(true));
    read(SensorIds.gpuTemperature(11), SensorUnit.CELSIUS, 55);

    PCIeDevice d = devices.render(composed, composed.slot(11).orElseThrow());
    PCIeDevice unread = devices.render(composed, composed.slot(12).orElseThrow());

    assertEquals(CHASSIS + "/PCIeDevices/Slot11", d.getAtOdataId());
    assertEquals("Slot11", d.getId());
    assertEquals("NVIDIA L40S", d.getName());
    assertEquals("NVIDIA", d.getManufacturer());
    assertEquals(PCIeTypes.GEN4, d.getPcIeInterface().getMaxPCIeType(), "the card's Gen4 in a Gen5 slot");
    assertEquals(PCIeTypes.GEN4, d.getPcIeInterface().getPcIeType());
    assertEquals(16, d.getPcIeInterface().getLanesInUse());
    assertEquals(Boolean.TRUE, d.getReadyToRemove());
    assertEquals(Health.OK, d.getStatus().getHealth());
    assertEquals(List.of(CHASSIS), ids(d.getLinks().getChassis()));
    assertEquals(CHASSIS + "/PCIeDevices/Slot11/EnvironmentMetrics", d.getEnvironmentMetrics().getAtOdataId());
    assertNull(unread.getPcIeInterface().getLanesInUse(), "an unbound slot has no link");
    assertEquals(Health.WARNING, unread.getStatus().getHealth(), "its temperature is not known yet");
    assertEquals(Boolean.FALSE, unread.getReadyToRemove());
  }

  @Test
  void a_gpu_whose_link_died_is_critical_even_when_cool() {
    PCIeDeviceResource devices =
        new PCIeDeviceResource(null, null, monitor, ChassisFixture.CLOCK, ChassisFixture.STALE_AFTER);
    ChassisState composed = bound(state, 1, "Host1", 5, 16);
    int partition = composed.hosts().get(0).partition();
    composed = ChassisFixture.withLink(composed, "SW1",
        ChassisFixture.down(0, java.util.OptionalInt.of(partition)));
    read(SensorIds.gpuTemperature(1), SensorUnit.CELSIUS, 40);

    PCIeDevice d = devices.render(composed, composed.slot(1).orElseThrow());

    assertNull(d.getPcIeInterface().getPcIeType());
    assertEquals(Health.CRITICAL, d.getStatus().getHealth());
  }

  @Test
  void the_chassis_status_is_its_own_parts_with_the_fabric_and_gpus_rolled_up() {
    ChassisRollup rollup = new ChassisRollup(new ChassisHealth(monitor, catalog, "NPlusM", 1),
        ChassisFixture.fabricHealth());
    readAllHealthy();
    Chassis ok = ChassisResource.render(state, rollup);
    ChassisState failedSwitch =
        state.withSwitchObservation(state.switchObservation("SW4").orElseThrow().failed("no answer"));
    Chassis fabricDown = ChassisResource.render(failedSwitch, rollup);

    assertEquals(CHASSIS, ok.getAtOdataId());
    assertEquals("GX2008-0042", ok.getSerialNumber());
    assertEquals("GX-2008", ok.getModel());
    assertEquals(Health.OK, ok.getStatus().getHealth());
    assertEquals(Health.OK, ok.getStatus().getHealthRollup());
    assertEquals(List.of("/redfish/v1/Fabrics/PCIe/Switches/SW1", "/redfish/v1/Fabrics/PCIe/Switches/SW2",
        "/redfish/v1/Fabrics/PCIe/Switches/SW3", "/redfish/v1/Fabrics/PCIe/Switches/SW4"),
        ids(ok.getLinks().getSwitches()));
    assertEquals(CHASSIS + "/PCIeSlots", ok.getPcIeSlots().getAtOdataId());
    assertEquals(Health.OK, fabricDown.getStatus().getHealth(), "a switch is not the chassis's own part");
    assertEquals(Health.CRITICAL, fabricDown.getStatus().getHealthRollup());
  }

  @Test
  void a_chassis_whose_sensors_are_not_read_yet_is_not_ok() {
    ChassisRollup rollup = new ChassisRollup(new ChassisHealth(monitor, catalog, "NPlusM", 1),
        ChassisFixture.fabricHealth());

    Chassis c = ChassisResource.render(state, rollup);

    assertNotNull(c.getStatus());
    assertEquals(Health.WARNING, c.getStatus().getHealth());
  }
}
