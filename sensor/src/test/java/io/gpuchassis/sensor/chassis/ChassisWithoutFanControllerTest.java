package io.gpuchassis.sensor.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reference chassis with its fans run by something else (the PCIe switch): no fan controller in
 * the layout.
 */
class ChassisWithoutFanControllerTest {

  private SimulatedSensorBoard board;
  private Context context;
  private ChassisSensors sensors;

  @BeforeEach
  void start() {
    SensorLayout reference = SensorLayout.reference();
    SensorLayout layout =
        new SensorLayout(
            reference.temperatureSensors(),
            reference.powerMonitors(),
            reference.psus(),
            Optional.empty(),
            reference.slots());
    SimulatedSensorBoardConfig config = SimulatedSensorBoardConfig.reference();
    board =
        new SimulatedSensorBoard(
            new SimulatedSensorBoardConfig(
                layout, config.gpus(), 25.0, 0.6, true, ThermalParameters.defaults()));
    context = board.newContext();
    sensors = new ChassisSensors(context, layout, PostBoxTiming.immediate());
  }

  @AfterEach
  void stop() {
    context.shutdown();
  }

  @Test
  void noFanControlAndNoFanSensorsButEverythingElse() throws Exception {
    assertEquals(List.of(), sensors.initialize());
    assertEquals(Optional.empty(), sensors.fanController());
    assertTrue(
        sensors.devices().stream().noneMatch(d -> d.device().kind() == DeviceKind.FAN_CONTROLLER));
    assertEquals(38, sensors.devices().size());

    Set<Integer> gpuSlots =
        board.config().gpus().stream().map(SimulatedGpu::slot).collect(Collectors.toSet());
    List<String> ids =
        ChassisPollPlan.build(sensors, PollIntervals.production(), gpuSlots).values().stream()
            .flatMap(List::stream)
            .map(PollTask::sensors)
            .flatMap(List::stream)
            .map(SensorDescriptor::id)
            .toList();
    assertTrue(ids.stream().noneMatch(id -> id.startsWith("Fan")), ids::toString);
    // 4 temperatures + 4 × 3 rail values + 2 × 7 supply values + 20 × 4 slot lines + 16 × 2 GPU
    assertEquals(4 + 12 + 14 + 80 + 32, ids.size());
  }

  @Test
  void theSimulatedChassisIsCooledByFansItDoesNotControl() throws Exception {
    board.tick(Duration.ofSeconds(300));
    assertEquals(0.6, board.airflowFraction());
    double expected = 25.0 + 35.0 * (board.gpuWatts(1) / 350.0) / 0.6;
    assertEquals(expected, sensors.gpu(1).readTemperatureCelsius(), 1.0);
  }
}
