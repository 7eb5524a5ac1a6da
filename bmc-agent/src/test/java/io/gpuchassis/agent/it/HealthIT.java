package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static io.gpuchassis.agent.it.TestAgent.READER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.fan.FanMode;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.threshold.Severity;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's health monitor on the simulated reference chassis: the real drivers read the
 * simulated sensor board through Pi4J, faults injected through the simulation's switchboard by
 * Redfish URI reach the thresholds, the fan loop and the over-temperature policy.
 */
class HealthIT {

  static final String CHASSIS = "/redfish/v1/Chassis/GPUChassis";

  @TempDir static Path stateDir;
  static TestAgent agent;
  static HealthMonitor health;
  static SimulatedSensorBoard board;

  @BeforeAll
  static void start() throws Exception {
    agent = TestAgent.start(stateDir);
    health = agent.agent.health();
    board = ((io.gpuchassis.agent.sim.SimulatedPlatform) agent.agent.platform()).sensorBoard();
    await(
        "every GPU, fan, supply and inlet read",
        () ->
            health.reading(SensorIds.gpuTemperature(19)).isPresent()
                && health.reading(SensorIds.fanRpm("Fan6")).isPresent()
                && health.reading(SensorIds.psuStatus("PSU4")).isPresent()
                && health.reading(SensorIds.psuOutputWatts("PSU4")).isPresent()
                && health.reading(SensorIds.temperature("InletTemp")).isPresent());
  }

  @AfterAll
  static void stop() {
    agent.close();
  }

  @Test
  void a_healthy_chassis_reads_plausible_values_at_ok_severity() throws Exception {
    double gpu = health.reading(SensorIds.gpuTemperature(1)).orElseThrow().value().orElseThrow();
    assertTrue(gpu > 30 && gpu < 80, "GPU at 60 % load: " + gpu);
    double inlet =
        health.reading(SensorIds.temperature("InletTemp")).orElseThrow().value().orElseThrow();
    assertEquals(25.0, inlet, 1.0);
    assertTrue(health.reading(SensorIds.fanRpm("Fan1")).orElseThrow().value().orElseThrow() > 1000);
    assertEquals(Severity.OK, health.severity(SensorIds.gpuTemperature(1)));
    assertEquals(Severity.OK, health.severity(SensorIds.fanRpm("Fan1")));
    await(
        "closed-loop fan control",
        () -> health.fanDecision().map(d -> d.mode() == FanMode.NORMAL).orElse(false));
    assertTrue(
        health.fanDecision().orElseThrow().hottestSensor().orElseThrow().startsWith("GPU"),
        "the GPUs steer the fans, not the air sensors: " + health.fanDecision());
  }

  @Test
  void redfish_shows_the_sensors_with_readings_thresholds_and_health() throws Exception {
    JsonNode chassis = get(CHASSIS);
    assertEquals(
        "OK",
        chassis.at("/Status/Health").asText(),
        "air, fans and supplies: " + chassis.get("Status"));
    for (String link :
        new String[] {"Sensors", "ThermalSubsystem", "PowerSubsystem", "EnvironmentMetrics"}) {
      assertEquals(CHASSIS + "/" + link, chassis.at("/" + link + "/@odata.id").asText());
    }
    var simulation = (io.gpuchassis.agent.sim.SimulatedPlatform) agent.agent.platform();
    var catalog =
        new io.gpuchassis.agent.health.SensorCatalog(
            io.gpuchassis.agent.platform.BoardSensorLayout.of(simulation.board()),
            simulation.gpuSlots());
    assertEquals(catalog.all().size(), get(CHASSIS + "/Sensors").at("/Members").size());
    JsonNode gpu = get(CHASSIS + "/Sensors/GPU1Temperature");
    assertEquals("Temperature", gpu.get("ReadingType").asText());
    assertEquals("Cel", gpu.get("ReadingUnits").asText());
    assertTrue(gpu.get("Reading").asDouble() > 30, gpu.toString());
    assertEquals(88.0, gpu.at("/Thresholds/UpperCritical/Reading").asDouble());
    assertEquals("OK", gpu.at("/Status/Health").asText());
    assertEquals(CHASSIS + "/PCIeDevices/Slot1", gpu.at("/RelatedItem/0/@odata.id").asText());

    JsonNode fan = get(CHASSIS + "/ThermalSubsystem/Fans/Fan1");
    assertTrue(fan.at("/SpeedPercent/SpeedRPM").asDouble() > 1000, fan.toString());
    assertEquals(6, get(CHASSIS + "/ThermalSubsystem/Fans").at("/Members").size());
    assertEquals(
        25.0,
        get(CHASSIS + "/ThermalSubsystem/ThermalMetrics")
            .at("/TemperatureSummaryCelsius/Intake/Reading")
            .asDouble(),
        1.0);
    assertEquals(
        "OK", get(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1").at("/Status/Health").asText());
    assertTrue(
        get(CHASSIS + "/EnvironmentMetrics").at("/PowerWatts/Reading").asDouble() > 1000,
        "16 GPUs at 60 % load draw kilowatts");

    JsonNode device = get(CHASSIS + "/PCIeDevices/Slot1");
    assertEquals("OK", device.at("/Status/Health").asText());
    JsonNode gpuMetrics = get(device.at("/EnvironmentMetrics/@odata.id").asText());
    assertEquals(
        gpu.get("Reading").asDouble(),
        gpuMetrics.at("/TemperatureCelsius/Reading").asDouble(),
        5.0);
    assertTrue(gpuMetrics.at("/PowerWatts/Reading").asDouble() > 50, gpuMetrics.toString());
  }

  @Test
  void the_deprecated_thermal_and_power_resources_that_clients_still_read_show_the_same_readings()
      throws Exception {
    JsonNode thermal = get(CHASSIS + "/Thermal");
    assertEquals(6, thermal.at("/Fans").size());
    assertEquals("RPM", thermal.at("/Fans/0/ReadingUnits").asText());
    assertTrue(thermal.at("/Fans/0/Reading").asInt() > 1000);
    JsonNode gpu1 = null;
    for (JsonNode t : thermal.at("/Temperatures")) {
      if (t.get("Name").asText().equals("GPU1 Temperature")) {
        gpu1 = t;
      }
    }
    assertTrue(gpu1 != null && gpu1.get("ReadingCelsius").asDouble() > 30, thermal.toString());
    assertEquals(88.0, gpu1.get("UpperThresholdCritical").asDouble());
    JsonNode power = get(CHASSIS + "/Power");
    assertEquals(4, power.at("/PowerSupplies").size());
    // the same facts as the subsystems' Fan and PowerSupply (OCP's baseline reads them here too)
    assertEquals(
        get(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1").get("PowerSupplyType"),
        power.at("/PowerSupplies/0/PowerSupplyType"));
    assertEquals(
        get(CHASSIS + "/ThermalSubsystem/Fans/Fan1").get("HotPluggable"),
        thermal.at("/Fans/0/HotPluggable"));
    assertTrue(power.at("/PowerControl/0/PowerConsumedWatts").asDouble() > 1000, power.toString());
    assertTrue(power.at("/Voltages").size() > 0);
  }

  @Test
  void gpus_are_processors_of_their_resource_block_and_of_the_host_they_are_bound_to()
      throws Exception {
    String blockGpu =
        get("/redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3")
            .at("/Processors/0/@odata.id")
            .asText();
    JsonNode processor = get(blockGpu);
    assertEquals("GPU", processor.get("ProcessorType").asText());
    assertEquals("NVIDIA H100 PCIe", processor.get("Model").asText());
    assertEquals("OK", processor.at("/Status/Health").asText());
    assertEquals(
        CHASSIS + "/PCIeDevices/Slot3", processor.at("/Links/PCIeDevice/@odata.id").asText());
    assertEquals("Slot", processor.at("/Location/PartLocation/LocationType").asText());
    assertEquals(3, processor.at("/Location/PartLocation/LocationOrdinalValue").asInt());
    JsonNode ports = get(processor.at("/Ports/@odata.id").asText());
    assertEquals(1, ports.at("/Members").size(), ports.toString());
    JsonNode gpuPort = get(ports.at("/Members/0/@odata.id").asText());
    String slotPort = gpuPort.at("/Links/ConnectedSwitchPorts/0/@odata.id").asText();
    assertEquals("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/2", slotPort, "slot 3's port");
    assertEquals("PCIe", gpuPort.get("PortProtocol").asText());
    assertEquals(
        get(slotPort).get("LinkStatus").asText(),
        gpuPort.get("LinkStatus").asText(),
        "one link, seen from both ends");
    assertEquals(
        404, agent.client.get(ports.at("/@odata.id").asText() + "/NVLink0", READER).statusCode());
    assertEquals(0, get("/redfish/v1/Systems/Host2/Processors").at("/Members").size());

    agent.agent.bindings().bind(3, "Host2").join();
    try {
      assertEquals(
          "/redfish/v1/Systems/Host2/Processors",
          get("/redfish/v1/Systems/Host2").at("/Processors/@odata.id").asText());
      await(
          "slot 3's link trained", () -> get(slotPort).get("LinkStatus").asText().equals("LinkUp"));
      JsonNode up = get(ports.at("/Members/0/@odata.id").asText());
      JsonNode switchSide = get(slotPort);
      assertEquals("LinkUp", up.get("LinkStatus").asText(), up.toString());
      assertEquals(
          switchSide.get("CurrentSpeedGbps").asDouble(),
          up.get("CurrentSpeedGbps").asDouble(),
          "both ends of one link");
      assertEquals(switchSide.get("ActiveWidth").asInt(), up.get("ActiveWidth").asInt());
      JsonNode members = get("/redfish/v1/Systems/Host2/Processors").at("/Members");
      assertEquals(1, members.size());
      assertEquals(
          "GPU", get(members.get(0).get("@odata.id").asText()).get("ProcessorType").asText());
      assertEquals(
          404,
          agent.client.get("/redfish/v1/Systems/Host1/Processors/GPU-Slot3", READER).statusCode(),
          "not Host1's");
    } finally {
      agent.agent.bindings().unbind(3, true).join();
    }
  }

  @Test
  void a_failed_supply_is_critical_and_the_subsystem_warns_that_redundancy_is_gone()
      throws Exception {
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("psu-fail", CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1");
    try {
      await(
          "PSU1 critical",
          () ->
              get(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1")
                  .at("/Status/Health")
                  .asText()
                  .equals("Critical"));
      assertEquals(
          "OK", get(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU2").at("/Status/Health").asText());
      assertEquals(
          "Warning",
          get(CHASSIS + "/PowerSubsystem").at("/Status/Health").asText(),
          "N+1 with one supply left still powers the chassis, without redundancy");
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    await(
        "PSU1 replaced",
        () ->
            get(CHASSIS + "/PowerSubsystem/PowerSupplies/PSU1")
                .at("/Status/Health")
                .asText()
                .equals("OK"));
  }

  @Test
  void a_failed_fan_reads_zero_turns_critical_and_sends_the_others_to_full_speed()
      throws Exception {
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("fan-fail", CHASSIS + "/ThermalSubsystem/Fans/Fan2");
    try {
      await("Fan2 critical", () -> health.severity(SensorIds.fanRpm("Fan2")) == Severity.CRITICAL);
      assertEquals(
          0.0, health.reading(SensorIds.fanRpm("Fan2")).orElseThrow().value().orElseThrow(), 1.0);
      await(
          "failsafe",
          () ->
              health
                  .fanDecision()
                  .map(d -> d.mode() == FanMode.FAILSAFE_FAN_FAILURE)
                  .orElse(false));
      await("the other fans at full duty", () -> board.fanDutyPercent("Fan1") > 99.9);
      JsonNode fan = get(CHASSIS + "/ThermalSubsystem/Fans/Fan2");
      assertEquals("Critical", fan.at("/Status/Health").asText());
      assertEquals(0.0, fan.at("/SpeedPercent/SpeedRPM").asDouble(), 1.0);
      assertEquals(
          100.0,
          get(CHASSIS + "/ThermalSubsystem/Fans/Fan1").at("/SpeedPercent/Reading").asDouble(),
          0.1);
      assertEquals("Critical", get(CHASSIS + "/ThermalSubsystem").at("/Status/Health").asText());
      assertEquals(
          "Critical",
          get(CHASSIS).at("/Status/Health").asText(),
          "a stopped fan is the chassis's problem");
      assertEquals("Critical", get(CHASSIS).at("/Status/HealthRollup").asText());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    await("Fan2 back to OK", () -> health.severity(SensorIds.fanRpm("Fan2")) == Severity.OK);
  }

  @Test
  void a_sensor_that_stops_answering_is_marked_failed_not_read_as_zero() throws Exception {
    var fault =
        agent
            .agent
            .faults()
            .orElseThrow()
            .inject("sensor-i2c-nak", CHASSIS + "/Sensors/OutletTemp");
    try {
      await(
          "OutletTemp failed",
          () ->
              health
                  .reading(SensorIds.temperature("OutletTemp"))
                  .map(r -> r.status() == ReadingStatus.FAILED)
                  .orElse(false));
      assertTrue(
          health.reading(SensorIds.temperature("OutletTemp")).orElseThrow().value().isEmpty());
      JsonNode sensor = get(CHASSIS + "/Sensors/OutletTemp");
      assertFalse(
          sensor.has("Reading") && !sensor.get("Reading").isNull(),
          "no value, not zero: " + sensor);
      assertEquals("UnavailableOffline", sensor.at("/Status/State").asText());
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    await(
        "OutletTemp read again",
        () ->
            health
                .reading(SensorIds.temperature("OutletTemp"))
                .map(r -> r.status() == ReadingStatus.OK)
                .orElse(false));
  }

  @Test
  void an_overheating_unbound_gpu_is_powered_off_and_latched_while_its_neighbours_run()
      throws Exception {
    var fault =
        agent.agent.faults().orElseThrow().inject("gpu-overtemp", CHASSIS + "/PCIeDevices/Slot12");
    try {
      await("slot 12 off", () -> !board.slotPowerEnabled(12));
      assertTrue(board.slotInReset(12));
      assertTrue(health.latched(12));
      assertTrue(board.slotPowerEnabled(11), "the neighbour keeps running");
      JsonNode device = get(CHASSIS + "/PCIeDevices/Slot12");
      assertEquals("Disabled", device.at("/Status/State").asText(), "off and latched");
      assertEquals("Critical", device.at("/Status/Health").asText());
      JsonNode slot = get(CHASSIS + "/PCIeSlots").at("/Slots/11");
      assertEquals(12, slot.at("/Location/PartLocation/LocationOrdinalValue").asInt());
      assertEquals(
          "Critical", slot.at("/Status/Health").asText(), "the slot shows its GPU's health");
    } finally {
      agent.agent.faults().orElseThrow().clear(fault.id());
    }
    // The powered-off GPU no longer answers; that is not a lost sensor, so the fans come back down
    // from full speed.
    await(
        "fans back to normal",
        () -> health.fanDecision().map(d -> d.mode() == FanMode.NORMAL).orElse(false));

    // An operator clears the latch: the slot powers on again, and the GPU is read and healthy.
    String clear =
        CHASSIS + "/PCIeDevices/Slot12/Actions/Oem/GpuChassisAgent.ClearOverTemperatureLatch";
    JsonNode latched = get(CHASSIS + "/PCIeDevices/Slot12");
    assertEquals(
        clear,
        latched.at("/Actions/Oem/#GpuChassisAgent.ClearOverTemperatureLatch/target").asText());
    assertTrue(latched.at("/Oem/GpuChassisAgent/OverTemperatureLatched").asBoolean());
    assertEquals(
        403,
        agent.client.send("POST", clear, READER, "{}").statusCode(),
        "needs ConfigureComponents");
    var cleared = agent.client.send("POST", clear, TestAgent.OPERATOR, "{}");
    assertEquals(200, cleared.statusCode(), cleared.body());
    assertTrue(board.slotPowerEnabled(12));
    assertFalse(board.slotInReset(12));
    assertFalse(health.latched(12));
    await(
        "GPU 12 read again",
        () ->
            health
                .reading(SensorIds.gpuTemperature(12))
                .map(r -> r.status() == ReadingStatus.OK)
                .orElse(false));
    var again = agent.client.send("POST", clear, TestAgent.OPERATOR, "{}");
    assertEquals(400, again.statusCode());
    assertTrue(again.body().contains("Base.1.22.1.NoOperation"), again.body());
  }

  @Test
  void faults_on_things_the_chassis_does_not_have_are_refused() {
    for (String[] bad :
        new String[][] {
          {"fan-fail", CHASSIS + "/ThermalSubsystem/Fans/Fan9"},
          {"gpu-overtemp", CHASSIS + "/PCIeDevices/Slot5"},
          {"psu-fail", CHASSIS + "/PowerSubsystem/PowerSupplies/PSU7"},
          {"sensor-stuck", CHASSIS + "/Sensors/NoSuchSensor"},
          {"fan-fail", "/redfish/v1/Fabrics/PCIe/Switches/SW1"}
        }) {
      try {
        agent.agent.faults().orElseThrow().inject(bad[0], bad[1]);
        throw new AssertionError(bad[0] + " accepted " + bad[1]);
      } catch (io.gpuchassis.agent.fault.FaultException e) {
        assertFalse(e.getMessage().isBlank());
      }
    }
  }

  static JsonNode get(String uri) {
    try {
      var response = agent.client.get(uri, READER);
      assertEquals(200, response.statusCode(), uri + ": " + response.body());
      return json(response);
    } catch (Exception e) {
      throw new AssertionError(uri, e);
    }
  }

  static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(20);
    }
  }
}
