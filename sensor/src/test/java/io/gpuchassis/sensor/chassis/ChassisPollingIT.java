package io.gpuchassis.sensor.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.sim.FaultHandle;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole reference chassis, simulated, polled by one worker per bus at 1/20 of the production
 * intervals.
 */
class ChassisPollingIT {

  /**
   * One second of identical reads at the 50 ms poll here; a dithering sensor repeats 19 times with
   * p ≈ 10⁻¹¹.
   */
  private static final int STUCK_WINDOW = 20;

  private final Map<String, SensorReading> latest = new ConcurrentHashMap<>();
  private SimulatedSensorBoard board;
  private Context context;
  private ChassisPolling polling;

  @BeforeEach
  void start() throws Exception {
    board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    context = board.newContext();
    ChassisSensors sensors =
        new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
    sensors.initialize();
    Set<Integer> gpuSlots =
        board.config().gpus().stream().map(SimulatedGpu::slot).collect(Collectors.toSet());
    Map<Integer, List<PollTask>> plan =
        ChassisPollPlan.build(sensors, PollIntervals.production().faster(20), gpuSlots);
    polling =
        new ChassisPolling(
            plan,
            PollerSettings.defaults().withStuckAfterSamples(STUCK_WINDOW),
            Clock.systemUTC(),
            r -> latest.put(r.sensorId(), r));
    polling.start();
  }

  @AfterEach
  void stop() throws Exception {
    polling.close();
    context.shutdown();
  }

  private SensorReading await(String sensor, Predicate<SensorReading> condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < deadline) {
      SensorReading r = latest.get(sensor);
      if (r != null && condition.test(r)) {
        return r;
      }
      Thread.sleep(5);
    }
    throw new AssertionError(sensor + " never matched; last " + latest.get(sensor));
  }

  @Test
  void everySensorOfTheChassisReportsOkOnItsBusThread() throws Exception {
    assertEquals(
        Set.of(1, 2, 3),
        polling.pollers().stream()
            .map(p -> Integer.parseInt(p.name().substring(4)))
            .collect(Collectors.toSet()));
    // 4 temperatures + 4 × 3 rail values + 2 × 7 supply values + 6 fans + fault flags + 20 × 4 slot
    // lines + 16 × 2 GPU
    int expected = 4 + 12 + 14 + 7 + 80 + 32;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (latest.values().stream().filter(SensorReading::isOk).count() < expected
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(
        expected,
        latest.values().stream().filter(SensorReading::isOk).count(),
        latest.keySet()::toString);
    assertEquals(board.gpuWatts(3), latest.get(SensorIds.gpuPower(3)).value().getAsDouble(), 0.001);
    assertEquals(1.0, latest.get(SensorIds.slotPresent(3)).value().getAsDouble());
    assertEquals(0.0, latest.get(SensorIds.slotPresent(5)).value().getAsDouble());
    assertEquals(0.0, latest.get(SensorIds.psuStatus("PSU1")).value().getAsDouble());
  }

  @Test
  void aNakingSensorBecomesFailedAndRecovers() throws Exception {
    await("Exhaust2", SensorReading::isOk);
    FaultHandle fault = board.sensorI2cNak("Exhaust2");
    SensorReading failed = await("Exhaust2", r -> r.status() == ReadingStatus.FAILED);
    assertTrue(failed.value().isEmpty());
    await("Exhaust1", SensorReading::isOk);
    fault.clear();
    await("Exhaust2", SensorReading::isOk);
  }

  @Test
  void aGpuThatFellOffTheBusFailsWhileItsSlotStaysPresent() throws Exception {
    await(SensorIds.gpuTemperature(11), SensorReading::isOk);
    try (FaultHandle fault = board.gpuFellOffBus(11)) {
      await(SensorIds.gpuTemperature(11), r -> r.status() == ReadingStatus.FAILED);
      await(SensorIds.gpuPower(11), r -> r.status() == ReadingStatus.FAILED);
      assertEquals(1.0, latest.get(SensorIds.slotPresent(11)).value().getAsDouble());
      assertTrue(
          latest.get(SensorIds.gpuTemperature(12)).isOk(),
          "the neighbour behind the same mux is fine");
    }
  }

  @Test
  void aFrozenTemperatureSensorIsInvalidUntilItMovesAgainWhileAFrozenGpuIsNotJudged()
      throws Exception {
    await("Inlet1", SensorReading::isOk);
    await(SensorIds.gpuTemperature(3), SensorReading::isOk);
    try (FaultHandle inlet = board.sensorStuck("Inlet1");
        FaultHandle gpu = board.sensorStuck("GPU3")) {
      SensorReading invalid = await("Inlet1", r -> r.status() == ReadingStatus.INVALID);
      assertTrue(invalid.value().isPresent(), "a frozen sensor still shows its value");
      assertEquals(
          ReadingStatus.OK,
          latest.get(SensorIds.gpuTemperature(3)).status(),
          "the GPU's integer temperature, frozen as long, may legitimately repeat");
      assertTrue(latest.get("Inlet2").isOk(), "the other inlet sensor dithers on");
    }
    await("Inlet1", SensorReading::isOk);
  }

  @Test
  void fanFailureShowsAsZeroRpmAndFaultFlag() throws Exception {
    try (FaultHandle fault = board.fanFail("Fan6")) {
      await(SensorIds.fanRpm("Fan6"), r -> r.isOk() && r.value().getAsDouble() == 0.0);
      await(SensorIds.FAN_FAULTS, r -> r.isOk() && r.value().getAsDouble() == 32.0);
    }
  }
}
