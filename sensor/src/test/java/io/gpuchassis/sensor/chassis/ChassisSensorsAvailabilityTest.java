package io.gpuchassis.sensor.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.i2c.DeviceUnavailableException;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.MuxChannel;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import io.gpuchassis.sensor.sim.FaultHandle;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import java.io.File;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A device that cannot be opened or does not answer takes nothing else down, and says why. */
class ChassisSensorsAvailabilityTest {

  private static final String BUS_3_MISSING =
      "bus 3: /sys/bus/i2c/devices/i2c-3 does not exist (simulated)";

  private final SimulatedSensorBoard board =
      new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
  private Context context;

  @AfterEach
  void stop() {
    if (context != null) {
      context.shutdown();
    }
  }

  private ChassisSensors open() {
    context = board.newContext();
    return new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
  }

  private static DeviceStatus status(ChassisSensors sensors, Predicate<LayoutDevice> which) {
    List<DeviceStatus> matching =
        sensors.devices().stream().filter(s -> which.test(s.device())).toList();
    assertEquals(1, matching.size(), matching::toString);
    return matching.get(0);
  }

  @Test
  void everyDeviceOfTheLayoutIsListedWithWhereItSitsAndHowFarItGot() {
    ChassisSensors sensors = open();
    // 3 muxes, 4 TMP75, 4 INA226, 2 supplies, the fan controller, 5 expanders, 20 GPU sidebands
    assertEquals(39, sensors.devices().size());
    assertTrue(
        sensors.devices().stream().allMatch(s -> s.stage() == DeviceStatus.Stage.OPENED),
        "nothing set up yet");

    assertEquals(List.of(), sensors.initialize(), "every device ready");
    DeviceStatus gpu3 =
        status(
            sensors,
            d -> d.kind() == DeviceKind.GPU_SIDEBAND && d.slot().equals(OptionalInt.of(3)));
    assertEquals(Optional.of(new I2cLocation(3, 0x4F)), gpu3.device().location());
    assertEquals(
        Optional.of(new MuxChannel(new I2cLocation(3, 0x70), 2)), gpu3.device().muxChannel());
    assertTrue(gpu3.opened() && gpu3.initialized());
    assertEquals(
        "GPU sideband of slot 3 at 3-0x4F behind 3-0x70 channel 2: ready", gpu3.toString());
    DeviceStatus expander =
        status(sensors, d -> d.location().equals(Optional.of(new I2cLocation(2, 0x21))));
    assertEquals(DeviceKind.EXPANDER, expander.device().kind());
    assertEquals(
        Optional.empty(), expander.device().id(), "the layout places expanders by location only");
    assertEquals(
        "temperature sensor Inlet1 at 1-0x48: ready",
        status(sensors, d -> d.id().equals(Optional.of("Inlet1"))).toString());
  }

  @Test
  void aMissingBusMakesItsDevicesUnavailableAndTheOthersStillWork() throws Exception {
    board.i2cBusMissing(3); // the GPU sideband bus of the reference chassis
    ChassisSensors sensors = open(); // does not throw

    List<DeviceStatus> problems = sensors.initialize(); // nor does this
    assertEquals(
        Map.of(DeviceKind.MUX, 3L, DeviceKind.GPU_SIDEBAND, 20L),
        problems.stream()
            .collect(Collectors.groupingBy(p -> p.device().kind(), Collectors.counting())));
    for (DeviceStatus p : problems) {
      assertEquals(DeviceStatus.Stage.UNAVAILABLE, p.stage());
      assertEquals(Optional.of(BUS_3_MISSING), p.problem(), p::toString);
    }
    assertEquals(39 - 23, sensors.devices().stream().filter(DeviceStatus::initialized).count());

    assertEquals(25.0, sensors.temperatureSensor("Inlet1").readCelsius(), 0.2);
    assertTrue(sensors.slot(3).isPresent());
    assertTrue(sensors.slot(3).isPowerEnabled());
    DeviceUnavailableException e =
        assertThrows(
            DeviceUnavailableException.class, () -> sensors.gpu(3).readTemperatureCelsius());
    assertEquals(BUS_3_MISSING, e.reason(), "never a value, always the reason");
  }

  @Test
  void aDeviceThatDoesNotAnswerFailsItsOwnInitializationOnlyAndCanBeRetried() throws Exception {
    ChassisSensors sensors = open();
    FaultHandle psu = board.sensorI2cNak("PSU2");
    FaultHandle rail = board.sensorI2cNak("SlotRail1");

    List<DeviceStatus> problems = sensors.initialize();
    assertEquals(
        List.of("SlotRail1", "PSU2"),
        problems.stream().map(p -> p.device().id().orElseThrow()).toList());
    for (DeviceStatus p : problems) {
      assertEquals(DeviceStatus.Stage.INITIALIZATION_FAILED, p.stage());
      assertTrue(p.opened());
    }
    assertTrue(
        problems.get(1).problem().orElseThrow().contains("bus 1 address 0x59"),
        problems.get(1)::toString);
    assertTrue(
        status(sensors, d -> d.kind() == DeviceKind.FAN_CONTROLLER).initialized(),
        "set up after the failures");
    assertTrue(status(sensors, d -> d.id().equals(Optional.of("Exhaust2"))).initialized());

    psu.clear();
    rail.clear();
    assertEquals(List.of(), sensors.initialize());
    assertTrue(sensors.powerMonitor("SlotRail1").read().watts() > 0);
  }

  @Test
  void theReadingsOfAnUnavailableDeviceAreFailedWithTheReasonWhileTheRestReadOk() throws Exception {
    board.i2cBusMissing(1); // sensors, rail monitors, supplies and the fan controller
    ChassisSensors sensors = open();
    sensors.initialize();
    Set<Integer> gpuSlots =
        board.config().gpus().stream().map(SimulatedGpu::slot).collect(Collectors.toSet());
    Map<String, SensorReading> latest = new ConcurrentHashMap<>();
    // The first failed reading of each sensor, kept: on a loaded machine the poller may read again
    // before the test looks.
    Map<String, SensorReading> firstFailed = new ConcurrentHashMap<>();
    try (ChassisPolling polling =
        new ChassisPolling(
                ChassisPollPlan.build(sensors, PollIntervals.production().faster(20), gpuSlots),
                PollerSettings.defaults(),
                Clock.systemUTC(),
                r -> {
                  latest.put(r.sensorId(), r);
                  if (r.status() == ReadingStatus.FAILED) {
                    firstFailed.putIfAbsent(r.sensorId(), r);
                  }
                })
            .start()) {
      SensorReading inlet = await(firstFailed, "Inlet1", r -> r.status() == ReadingStatus.FAILED);
      assertEquals(1, inlet.consecutiveFailures(), "failed at the first read, not after three");
      assertTrue(inlet.value().isEmpty());
      assertTrue(
          inlet
              .error()
              .orElseThrow()
              .endsWith("bus 1: /sys/bus/i2c/devices/i2c-1 does not exist (simulated)"),
          inlet.error().orElseThrow());
      await(latest, SensorIds.psuStatus("PSU1"), r -> r.status() == ReadingStatus.FAILED);
      await(latest, SensorIds.FAN_FAULTS, r -> r.status() == ReadingStatus.FAILED);
      await(latest, SensorIds.gpuTemperature(3), SensorReading::isOk);
      await(latest, SensorIds.slotPresent(3), r -> r.isOk() && r.value().getAsDouble() == 1.0);
    }
  }

  @Test
  void onRealLinuxFsWithoutTheBusesNothingThrowsAndEveryDeviceSaysWhy() {
    for (int bus = 1; bus <= 3; bus++) {
      if (new File("/sys/bus/i2c/devices/i2c-" + bus).exists()) {
        return; // only meaningful on a machine without the reference chassis's buses
      }
    }
    context = Pi4jContexts.linuxFs();
    ChassisSensors sensors =
        new ChassisSensors(context, SensorLayout.reference(), PostBoxTiming.immediate());
    List<DeviceStatus> problems = sensors.initialize();
    assertEquals(39, problems.size());
    for (DeviceStatus p : problems) {
      int bus = p.device().location().orElseThrow().bus();
      String reason = p.problem().orElseThrow();
      assertTrue(
          reason.startsWith("bus " + bus + ": ")
              && reason.contains("/sys/bus/i2c/devices/i2c-" + bus),
          reason);
    }
  }

  private static SensorReading await(
      Map<String, SensorReading> latest, String sensor, Predicate<SensorReading> ok)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (System.nanoTime() < deadline) {
      SensorReading r = latest.get(sensor);
      if (r != null && ok.test(r)) {
        return r;
      }
      Thread.sleep(5);
    }
    throw new AssertionError(sensor + " never matched; last " + latest.get(sensor));
  }
}
