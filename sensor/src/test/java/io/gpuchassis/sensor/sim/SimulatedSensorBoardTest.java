package io.gpuchassis.sensor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag;
import io.gpuchassis.sensor.device.pmbus.PmbusStatusWord;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The reference board's physics and every fault control, observed through the real drivers. */
class SimulatedSensorBoardTest {

  /** The simulated TMP75's noise (at most ±2 LSB of 0.0625 °C) plus its rounding to the LSB. */
  private static final double NOISE = 0.16;

  private SimulatedSensorBoard board;
  private Context context;
  private ChassisSensors sensors;

  @BeforeEach
  void start() throws Exception {
    board = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    context = board.newContext();
    sensors = new ChassisSensors(context, board.config().layout(), PostBoxTiming.immediate());
    sensors.initialize();
  }

  @AfterEach
  void stop() {
    context.shutdown();
  }

  private double fanDutyAll(double percent) throws Exception {
    for (int ch = 0; ch < 6; ch++) {
      sensors.fanController().orElseThrow().setDutyPercent(ch, percent);
    }
    return percent;
  }

  @Test
  void warmStartIsSteadyAndReadable() throws Exception {
    assertEquals(25.0, sensors.temperatureSensor("Inlet1").readCelsius(), NOISE);
    double exhaust = sensors.temperatureSensor("Exhaust1").readCelsius();
    assertTrue(exhaust > 30 && exhaust < 50, "exhaust " + exhaust);
    assertEquals(board.gpuTemperature(3), sensors.gpu(3).readTemperatureCelsius(), 0.01);
    assertEquals(board.gpuWatts(3), sensors.gpu(3).readPowerWatts(), 0.001);
    assertTrue(sensors.slot(3).isPresent());
    assertFalse(sensors.slot(5).isPresent(), "slot 5 is empty in the reference chassis");
    assertTrue(sensors.slot(3).isPowerEnabled());
    assertFalse(sensors.slot(3).isInReset());
    assertEquals(
        9600.0, sensors.fanController().orElseThrow().readRpm(0), 9600 * 0.01); // 60 % of 16000 RPM
  }

  @Test
  void theGpuPostBoxAnswersAReadOnlyWithinItsCommandsTransaction() throws Exception {
    // slot 3's GPU: bus 3, 0x4F, behind channel 2 of the mux at 0x70; raw handles to drive the wire
    // by hand
    I2C mux = context.create(I2C.newConfigBuilder(context).id("raw-mux").bus(3).device(0x70));
    I2C gpu = context.create(I2C.newConfigBuilder(context).id("raw-gpu").bus(3).device(0x4F));
    mux.write((byte) (1 << 2));
    try {
      byte[] block = new byte[5];
      assertEquals(
          5,
          gpu.readRegister(SmbpbiPostBox.DATA_REGISTER, block, 0, 5),
          "an SMBus block read, combined");
      assertEquals(4, block[0], "count byte");
      gpu.write((byte) SmbpbiPostBox.DATA_REGISTER); // acknowledged, then STOP
      assertThrows(
          RuntimeException.class,
          () -> gpu.read(new byte[5], 0, 5),
          "the lone read is not answered");
    } finally {
      mux.write((byte) 0);
    }
    assertEquals(
        board.gpuTemperature(3),
        sensors.gpu(3).readTemperatureCelsius(),
        0.01,
        "the driver reads combined");
  }

  @Test
  void gpuTemperatureFollowsPowerWithAFirstOrderLag() throws Exception {
    double before = sensors.gpu(1).readTemperatureCelsius();
    board.setGpuLoad(1, 1.0);
    board.tick(Duration.ofSeconds(20)); // one time constant
    double after20 = sensors.gpu(1).readTemperatureCelsius();
    board.tick(Duration.ofSeconds(200));
    double settled = sensors.gpu(1).readTemperatureCelsius();
    assertTrue(settled > before + 10, "more power, hotter: " + before + " -> " + settled);
    assertEquals(
        0.632,
        (after20 - before) / (settled - before),
        0.02,
        "63 % of the step after one time constant");
    assertEquals(350.0, sensors.gpu(1).readPowerWatts(), 0.001);
  }

  @Test
  void moreAirflowCoolsTheGpus() throws Exception {
    board.tick(Duration.ofSeconds(300));
    double at60 = sensors.gpu(2).readTemperatureCelsius();
    fanDutyAll(100);
    board.tick(Duration.ofSeconds(300));
    double at100 = sensors.gpu(2).readTemperatureCelsius();
    assertTrue(at100 < at60 - 5, at60 + " -> " + at100);
  }

  @Test
  void fansFollowTheirDutyWithInertia() throws Exception {
    fanDutyAll(100);
    board.tick(Duration.ofMillis(500));
    double early = sensors.fanController().orElseThrow().readRpm(1);
    board.tick(Duration.ofSeconds(20));
    double late = sensors.fanController().orElseThrow().readRpm(1);
    assertTrue(early > 9700 && early < 15000, "spinning up, not there yet: " + early);
    assertEquals(16000.0, late, 16000 * 0.012);
  }

  @Test
  void suppliesShareTheSumOfTheLoads() throws Exception {
    double total = board.totalWatts();
    double p1 = sensors.psu("PSU1").readOutputWatts();
    double p2 = sensors.psu("PSU2").readOutputWatts();
    assertEquals(total, p1 + p2, total * 0.01);
    board.setGpuLoad(7, 0.0);
    board.tick(Duration.ofSeconds(1));
    assertTrue(sensors.psu("PSU1").readOutputWatts() < p1 - 50);
  }

  @Test
  void slotPowerOffSilencesTheGpu() throws Exception {
    sensors.slot(4).setReset(true);
    sensors.slot(4).setPowerEnabled(false);
    board.tick(Duration.ofSeconds(1));
    assertFalse(board.slotPowerEnabled(4));
    assertThrows(DeviceIoException.class, () -> sensors.gpu(4).readTemperatureCelsius());
    assertEquals(0.0, board.gpuWatts(4));
    assertTrue(sensors.slot(4).isPresent(), "the card is still seated");
  }

  @Test
  void gpuOverTemp() throws Exception {
    FaultHandle fault = board.gpuOverTemp(6);
    assertEquals(97.0, sensors.gpu(6).readTemperatureCelsius(), 0.01);
    fault.clear();
    assertFalse(fault.active());
    board.tick(Duration.ofSeconds(300));
    assertTrue(sensors.gpu(6).readTemperatureCelsius() < 80);
  }

  @Test
  void gpuFellOffBus() throws Exception {
    try (FaultHandle fault = board.gpuFellOffBus(8)) {
      assertThrows(DeviceIoException.class, () -> sensors.gpu(8).readPowerWatts());
      assertTrue(sensors.slot(8).isPresent(), "presence stays");
      assertTrue(sensors.slot(8).isPowerEnabled());
      assertTrue(fault.active());
    }
    assertEquals(board.gpuWatts(8), sensors.gpu(8).readPowerWatts(), 0.001);
  }

  @Test
  void aCardPulledAndAnotherSeatedIsSeenThroughTheRealDrivers() throws Exception {
    String before = sensors.gpu(3).readIdentity().serialNumber();
    double total = board.totalWatts();

    SimulatedGpu card = board.pullCard(3);
    assertFalse(sensors.slot(3).isPresent(), "PRSNT# is released");
    assertThrows(DeviceIoException.class, () -> sensors.gpu(3).readIdentity(), "nothing answers");
    assertTrue(board.totalWatts() < total - 100, "the slot draws nothing");
    assertTrue(board.card(3).isEmpty());
    assertThrows(java.util.NoSuchElementException.class, () -> board.pullCard(3));

    SimulatedGpu other = card.another();
    board.seatCard(other);
    assertTrue(sensors.slot(3).isPresent());
    assertEquals(other.identity(), sensors.gpu(3).readIdentity(), "the new card's post-box");
    assertTrue(!before.equals(sensors.gpu(3).readIdentity().serialNumber()));
    assertThrows(IllegalStateException.class, () -> board.seatCard(card), "one card a slot");

    board.pullCard(3);
    board.seatCard(card);
    assertEquals(before, sensors.gpu(3).readIdentity().serialNumber(), "the same card is back");
    assertEquals(total, board.totalWatts(), 20.0);
  }

  @Test
  void aCardSeatedInAnEmptySlotAnswersOnItsSideband() throws Exception {
    assertFalse(sensors.slot(5).isPresent());
    board.seatCard(new SimulatedGpu(5, 300));
    sensors.slot(5).setPowerEnabled(true);
    board.tick(Duration.ofMillis(100));
    assertTrue(sensors.slot(5).isPresent());
    assertEquals("SIM-GPU5", sensors.gpu(5).readIdentity().serialNumber());
  }

  @Test
  void fanFail() throws Exception {
    FaultHandle fault = board.fanFail("Fan3");
    assertEquals(0.0, sensors.fanController().orElseThrow().readRpm(2));
    assertEquals(1 << 2, sensors.fanController().orElseThrow().readFaultMask());
    assertTrue(board.airflowFraction() < 0.51);
    fault.clear();
    board.tick(Duration.ofSeconds(20));
    assertEquals(9600.0, sensors.fanController().orElseThrow().readRpm(2), 9600 * 0.01);
    assertEquals(0, sensors.fanController().orElseThrow().readFaultMask());
  }

  @Test
  void psuFail() throws Exception {
    double total = board.totalWatts();
    FaultHandle fault = board.psuFail("PSU2");
    PmbusStatusWord status = sensors.psu("PSU2").readStatusWord();
    assertTrue(status.has(PmbusStatusFlag.OFF));
    assertTrue(status.has(PmbusStatusFlag.POWER_GOOD_NEGATED));
    assertTrue(status.has(PmbusStatusFlag.VOUT));
    assertEquals(0.0, sensors.psu("PSU2").readOutputWatts());
    assertEquals(0.0, sensors.psu("PSU2").readOutputVolts());
    assertEquals(
        total,
        sensors.psu("PSU1").readOutputWatts(),
        total * 0.01,
        "the other supply carries it all");
    sensors.psu("PSU2").clearFaults();
    assertFalse(
        sensors.psu("PSU2").readStatusWord().powerGood(), "the cause persists, so do the bits");
    fault.clear();
    assertTrue(sensors.psu("PSU2").readStatusWord().powerGood());
    assertEquals(12.0, sensors.psu("PSU2").readOutputVolts(), 0.01);
  }

  @Test
  void sensorStuck() throws Exception {
    FaultHandle fault = board.sensorStuck("Inlet2");
    double frozen = sensors.temperatureSensor("Inlet2").readCelsius();
    board.setInletCelsius(35.0);
    board.tick(Duration.ofSeconds(1));
    assertEquals(25.0, frozen, NOISE, "it froze at the value it had");
    for (int i = 0; i < 100; i++) {
      assertEquals(
          frozen,
          sensors.temperatureSensor("Inlet2").readCelsius(),
          0.0,
          "frozen bit for bit, no dither");
    }
    assertEquals(
        35.0, sensors.temperatureSensor("Inlet1").readCelsius(), NOISE, "the other one moves");
    fault.clear();
    board.tick(Duration.ofSeconds(1));
    assertEquals(35.0, sensors.temperatureSensor("Inlet2").readCelsius(), NOISE);
    assertTrue(distinctReadings("Inlet2", 20) >= 3, "and dithers again");
  }

  @Test
  void temperatureSensorsDitherByAnLsbOrTwoAroundTheTrueValue() throws Exception {
    for (int i = 0; i < 200; i++) {
      assertEquals(25.0, sensors.temperatureSensor("Inlet1").readCelsius(), NOISE);
    }
    assertTrue(
        distinctReadings("Inlet1", 20) >= 3, "a 12-bit sensor's value changes from read to read");
    // With about one LSB of noise, two successive reads agree about 30 % of the time and long runs
    // are rare.
    int repeats = 0;
    int longestRun = 0;
    int run = 0;
    double last = Double.NaN;
    for (int i = 0; i < 1000; i++) {
      double v = sensors.temperatureSensor("Exhaust1").readCelsius();
      repeats += v == last ? 1 : 0;
      run = v == last ? run + 1 : 1;
      longestRun = Math.max(longestRun, run);
      last = v;
    }
    assertTrue(repeats > 150 && repeats < 400, "successive reads agreeing: " + repeats + " of 999");
    assertTrue(longestRun < 20, "a live sensor never repeats for long: " + longestRun);
  }

  @Test
  void theNoiseIsRepeatable() throws Exception {
    SimulatedSensorBoard twin = new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference());
    Context twinContext = twin.newContext();
    try {
      ChassisSensors twinSensors =
          new ChassisSensors(twinContext, twin.config().layout(), PostBoxTiming.immediate());
      twinSensors.initialize();
      for (int i = 0; i < 20; i++) {
        assertEquals(
            sensors.temperatureSensor("Inlet1").readCelsius(),
            twinSensors.temperatureSensor("Inlet1").readCelsius(),
            0.0,
            "read " + i);
      }
    } finally {
      twinContext.shutdown();
    }
  }

  private long distinctReadings(String sensor, int reads) throws Exception {
    Set<Double> seen = new HashSet<>();
    for (int i = 0; i < reads; i++) {
      seen.add(sensors.temperatureSensor(sensor).readCelsius());
    }
    return seen.size();
  }

  @Test
  void stuckGpuKeepsReportingItsOldTemperature() throws Exception {
    double before = sensors.gpu(9).readTemperatureCelsius();
    try (FaultHandle fault = board.sensorStuck("GPU9")) {
      board.setGpuLoad(9, 1.0);
      board.tick(Duration.ofSeconds(120));
      assertEquals(before, sensors.gpu(9).readTemperatureCelsius(), 0.01);
    }
  }

  @Test
  void sensorI2cNak() throws Exception {
    FaultHandle fault = board.sensorI2cNak("SlotRail2");
    assertThrows(DeviceIoException.class, () -> sensors.powerMonitor("SlotRail2").read());
    fault.clear();
    assertTrue(sensors.powerMonitor("SlotRail2").read().watts() > 0);
  }

  @Test
  void overlappingFaultsClearIndependently() throws Exception {
    FaultHandle a = board.sensorI2cNak("PSU1");
    FaultHandle b = board.sensorI2cNak("PSU1");
    a.clear();
    a.clear();
    assertThrows(DeviceIoException.class, () -> sensors.psu("PSU1").readOutputWatts());
    b.clear();
    assertTrue(sensors.psu("PSU1").readOutputWatts() > 0);
  }

  @Test
  void coldStartHasEverySlotOffUntilTheAgentActs() throws Exception {
    var cold =
        new SimulatedSensorBoard(SimulatedSensorBoardConfig.reference().withWarmStart(false));
    Context coldContext = cold.newContext();
    try {
      var coldSensors =
          new ChassisSensors(coldContext, cold.config().layout(), PostBoxTiming.immediate());
      coldSensors.initialize();
      assertTrue(coldSensors.slot(1).isPresent());
      assertFalse(coldSensors.slot(1).isPowerEnabled());
      assertTrue(coldSensors.slot(1).isInReset());
      assertThrows(DeviceIoException.class, () -> coldSensors.gpu(1).readTemperatureCelsius());
      coldSensors.slot(1).setPowerEnabled(true);
      coldSensors.slot(1).setReset(false);
      cold.tick(Duration.ofSeconds(1));
      assertEquals(cold.gpuTemperature(1), coldSensors.gpu(1).readTemperatureCelsius(), 0.01);
    } finally {
      coldContext.shutdown();
    }
  }
}
