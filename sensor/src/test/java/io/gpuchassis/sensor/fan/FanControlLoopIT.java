package io.gpuchassis.sensor.fan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.chassis.ChassisPollPlan;
import io.gpuchassis.sensor.chassis.ChassisPolling;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.device.Max31790FanController;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.layout.FanSpec;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingCache;
import io.gpuchassis.sensor.sim.FaultHandle;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fan loop as a job on the fan controller's bus worker, fed by the pollers, against the
 * simulated chassis.
 */
class FanControlLoopIT {

  private SimulatedSensorBoard board;
  private Context context;
  private ChassisPolling polling;
  private FanControlLoop loop;
  private final StringBuffer loopThread = new StringBuffer();

  @BeforeEach
  void start() throws Exception {
    board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    context = board.newContext();
    ChassisSensors sensors =
        new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
    sensors.initialize();
    Set<Integer> gpuSlots =
        board.config().gpus().stream().map(SimulatedGpu::slot).collect(Collectors.toSet());
    ReadingCache cache = new ReadingCache();
    polling =
        new ChassisPolling(
            ChassisPollPlan.build(sensors, PollIntervals.production().faster(20), gpuSlots),
            PollerSettings.defaults(),
            Clock.systemUTC(),
            cache);

    Map<String, Double> limits = new LinkedHashMap<>();
    gpuSlots.forEach(slot -> limits.put(SensorIds.gpuTemperature(slot), 80.0));
    List<FanSpec> fans = board.config().layout().fanController().orElseThrow().fans();
    Max31790FanController controller = sensors.fanController().orElseThrow();
    FanZoneController zone =
        new FanZoneController(FanControlSettings.defaults(), controller.readDutyPercent(0));
    loop =
        FanControlLoop.fromReadings(
            zone,
            cache,
            limits,
            fans.stream().map(f -> SensorIds.fanRpm(f.id())).toList(),
            500.0,
            duty -> {
              loopThread.setLength(0);
              loopThread.append(Thread.currentThread().getName());
              for (FanSpec f : fans) {
                controller.setDutyPercent(f.channel(), duty);
              }
            });
    int fanBus = board.config().layout().fanController().orElseThrow().location().bus();
    polling.poller(fanBus).every(Duration.ofMillis(50), loop);
    polling.start();
  }

  @AfterEach
  void stop() throws Exception {
    polling.close();
    context.shutdown();
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(5);
    }
  }

  private boolean mode(FanMode mode) {
    return loop.lastDecision().map(d -> d.mode() == mode).orElse(false);
  }

  @Test
  void runsClosedLoopOnTheFanBusWorker() throws Exception {
    await("normal mode", () -> mode(FanMode.NORMAL));
    assertEquals("bus-poller-i2c-1", loopThread.toString());
  }

  @Test
  void fullSpeedOnSensorLoss() throws Exception {
    await("normal mode", () -> mode(FanMode.NORMAL));
    try (FaultHandle fault = board.sensorI2cNak("GPU14")) {
      await("failsafe", () -> mode(FanMode.FAILSAFE_SENSOR_LOSS));
      assertEquals(
          List.of(SensorIds.gpuTemperature(14)), loop.lastDecision().orElseThrow().causes());
      await("fans at full duty", () -> board.fanDutyPercent("Fan3") > 99.9);
    }
    await("normal mode again", () -> mode(FanMode.NORMAL));
  }

  @Test
  void fullSpeedOnFanFailure() throws Exception {
    await("normal mode", () -> mode(FanMode.NORMAL));
    try (FaultHandle fault = board.fanFail("Fan5")) {
      await("failsafe", () -> mode(FanMode.FAILSAFE_FAN_FAILURE));
      await("fans at full duty", () -> board.fanDutyPercent("Fan1") > 99.9);
      assertTrue(loop.lastDecision().orElseThrow().causes().contains(SensorIds.fanRpm("Fan5")));
    }
  }
}
