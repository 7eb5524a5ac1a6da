package io.gpuchassis.sensor.fan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fan zone closed over the simulated chassis in simulated time: every second, read every GPU
 * and fan through the real drivers, step the controller, write the duty through the real driver,
 * advance the physics one second.
 */
class FanLoopOnSimulatedChassisTest {

  private static final double GPU_LIMIT =
      80.0; // margins are measured to the GPUs' caution threshold

  private SimulatedSensorBoard board;
  private Context context;
  private ChassisSensors sensors;
  private FanZoneController zone;

  @BeforeEach
  void start() throws Exception {
    board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    context = board.newContext();
    sensors = new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
    sensors.initialize();
    zone =
        new FanZoneController(
            FanControlSettings.defaults(),
            sensors.fanController().orElseThrow().readDutyPercent(0));
  }

  @AfterEach
  void stop() {
    context.shutdown();
  }

  private FanDecision runFor(Duration simulated) throws DeviceException {
    FanDecision d = null;
    for (long s = 0; s < simulated.toSeconds(); s++) {
      List<ThermalInput> inputs = new ArrayList<>();
      for (SimulatedGpu g : board.config().gpus()) {
        double margin;
        ReadingStatus status = ReadingStatus.OK;
        try {
          margin = GPU_LIMIT - sensors.gpu(g.slot()).readTemperatureCelsius();
        } catch (DeviceException e) {
          margin = Double.NaN;
          status = ReadingStatus.FAILED;
        }
        inputs.add(new ThermalInput("GPU" + g.slot(), status, margin));
      }
      List<FanStatus> fans = new ArrayList<>();
      for (int ch = 0; ch < 6; ch++) {
        fans.add(
            new FanStatus(
                "Fan" + (ch + 1), sensors.fanController().orElseThrow().readRpm(ch) < 500));
      }
      d = zone.step(inputs, fans, 1.0);
      for (int ch = 0; ch < 6; ch++) {
        sensors.fanController().orElseThrow().setDutyPercent(ch, d.dutyPercent());
      }
      board.tick(Duration.ofSeconds(1));
    }
    return d;
  }

  private double hottestGpu() {
    return board.config().gpus().stream()
        .mapToDouble(g -> board.gpuTemperature(g.slot()))
        .max()
        .orElseThrow();
  }

  @Test
  void convergesToTheTargetMargin() throws Exception {
    FanDecision d = runFor(Duration.ofMinutes(15));
    assertEquals(FanMode.NORMAL, d.mode());
    assertEquals(GPU_LIMIT - 10.0, hottestGpu(), 0.5);
    assertTrue(
        d.dutyPercent() > 20 && d.dutyPercent() < 100, "in the control range: " + d.dutyPercent());
  }

  @Test
  void saturatesWhenTheTargetIsOutOfReachAndRecovers() throws Exception {
    runFor(Duration.ofMinutes(5));
    board.setInletCelsius(45.0);
    for (SimulatedGpu g : board.config().gpus()) {
      board.setGpuLoad(g.slot(), 1.0);
    }
    FanDecision hot = runFor(Duration.ofMinutes(10));
    assertEquals(
        100.0, hot.dutyPercent(), "full airflow cannot hold 70 °C at 45 °C inlet and full load");
    assertEquals(100.0, board.fanDutyPercent("Fan1"), 0.2);

    board.setInletCelsius(25.0);
    for (SimulatedGpu g : board.config().gpus()) {
      board.setGpuLoad(g.slot(), 0.6);
    }
    FanDecision calm = runFor(Duration.ofMinutes(2));
    assertTrue(
        calm.dutyPercent() < 80,
        "no wind-up: duty falls once the margin returns: " + calm.dutyPercent());
  }

  @Test
  void fullSpeedWhileAGpuCannotBeRead() throws Exception {
    runFor(Duration.ofMinutes(5));
    try (var fault = board.sensorI2cNak("GPU7")) {
      FanDecision d = runFor(Duration.ofSeconds(2));
      assertEquals(FanMode.FAILSAFE_SENSOR_LOSS, d.mode());
      assertEquals(100.0, board.fanDutyPercent("Fan4"), 0.2);
    }
    FanDecision after = runFor(Duration.ofSeconds(5));
    assertEquals(FanMode.NORMAL, after.mode());
    assertEquals(90.0, after.dutyPercent(), 1.0, "slews down at 2 %/s from full");
  }

  @Test
  void fullSpeedWhenAFanFails() throws Exception {
    runFor(Duration.ofMinutes(5));
    try (var fault = board.fanFail("Fan2")) {
      FanDecision d = runFor(Duration.ofSeconds(2));
      assertEquals(FanMode.FAILSAFE_FAN_FAILURE, d.mode());
      assertEquals(List.of("Fan2"), d.causes());
      assertEquals(100.0, board.fanDutyPercent("Fan1"), 0.2);
    }
  }
}
