package io.gpuchassis.sensor.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.Ina226PowerMonitor;
import io.gpuchassis.sensor.device.Lm75TemperatureSensor;
import io.gpuchassis.sensor.device.Max31790FanController;
import io.gpuchassis.sensor.device.Pca9548Mux;
import io.gpuchassis.sensor.device.Pca9555Expander;
import io.gpuchassis.sensor.device.PowerReading;
import io.gpuchassis.sensor.device.gpu.PostBoxException;
import io.gpuchassis.sensor.device.gpu.PostBoxTimeoutException;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.device.gpu.SmbpbiStatus;
import io.gpuchassis.sensor.device.pmbus.PmbusPowerSupply;
import io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag;
import io.gpuchassis.sensor.device.pmbus.PsuReading;
import io.gpuchassis.sensor.gpio.ExpanderPin;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.I2cDevices;
import io.gpuchassis.sensor.i2c.Pi4jContexts;
import io.gpuchassis.sensor.sim.bus.SimI2cNetwork;
import io.gpuchassis.sensor.sim.bus.SimulatedI2CProvider;
import io.gpuchassis.sensor.sim.device.SimIna226;
import io.gpuchassis.sensor.sim.device.SimLm75;
import io.gpuchassis.sensor.sim.device.SimMax31790;
import io.gpuchassis.sensor.sim.device.SimPca9548;
import io.gpuchassis.sensor.sim.device.SimPca9555;
import io.gpuchassis.sensor.sim.device.SimPmbusPowerSupply;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The real drivers, through a Pi4J context, against register-map devices on the simulated provider.
 */
class SimulatedProviderRoundTripTest {

  private final SimI2cNetwork network = new SimI2cNetwork();
  private final SimLm75 lm75 = new SimLm75("TMP75 inlet", 12);
  private final SimIna226 ina = new SimIna226("INA226");
  private final SimPmbusPowerSupply psu = new SimPmbusPowerSupply("PSU1", "CRPS2000");
  private final SimMax31790 fans = new SimMax31790("MAX31790", 2);
  private final SimPca9548 mux = new SimPca9548("PCA9548");
  private final SimSmbpbiGpu gpuA = new SimSmbpbiGpu("GPU slot 3", 87.0);
  private final SimSmbpbiGpu gpuB = new SimSmbpbiGpu("GPU slot 6", 87.0);
  private final SimPca9555 expander = new SimPca9555("PCA9555");
  private Context context;
  private I2cDevices devices;

  @BeforeEach
  void wire() {
    network.bus(1).attach(0x48, lm75);
    network.bus(1).attach(0x40, ina);
    network.bus(1).attach(0x58, psu);
    network.bus(1).attach(0x20, fans);
    network.bus(2).attach(0x20, expander);
    network.bus(3).attach(0x70, mux);
    network.bus(3).attachBehind(mux, 2, 0x4F, gpuA);
    network.bus(3).attachBehind(mux, 5, 0x4F, gpuB);
    context = Pi4jContexts.withI2c(new SimulatedI2CProvider(network));
    devices = new I2cDevices(context);
  }

  @AfterEach
  void shutdown() {
    context.shutdown();
  }

  @Test
  void temperatureSensorIsARegisterMapNotAFifo() throws Exception {
    var sensor = new Lm75TemperatureSensor(devices.device(1, 0x48), 12);
    lm75.setTemperature(42.5625);
    assertEquals(42.5625, sensor.readCelsius());
    assertEquals(
        42.5625, sensor.readCelsius(), "a second read of the same register returns the same value");
    sensor.setOverTemperatureLimits(95.0, 90.0);
    assertEquals(95.0, sensor.readOverTemperatureLimit());
  }

  @Test
  void powerMonitorComputesThroughItsCalibration() throws Exception {
    var monitor = new Ina226PowerMonitor(devices.device(1, 0x40), 0.0005, 160.0);
    ina.setRail(12.0, 100.0, 0.0005);
    assertThrows(DeviceException.class, monitor::read, "uncalibrated chip must not read as 0 A");
    PowerReading r = monitor.read(); // the failed read re-initialised it
    assertEquals(12.0, r.busVolts(), 0.00125);
    assertEquals(100.0, r.amps(), 0.05);
    assertEquals(1200.0, r.watts(), 1.0);

    ina.brownOut();
    assertThrows(DeviceException.class, monitor::read);
    assertEquals(100.0, monitor.read().amps(), 0.05);
  }

  @Test
  void powerSupplyTelemetryOnBothPages() throws Exception {
    psu.setOutput(0, 230.0, 12.0, 100.0, 38.0, 9000);
    psu.setOutput(1, 230.0, 12.0, 2.5, 38.0, 9000);
    PsuReading main = new PmbusPowerSupply(devices.device(1, 0x58), 0).read();
    PsuReading standby = new PmbusPowerSupply(devices.device(1, 0x58), 1).read();
    assertEquals(230.0, main.inputVolts(), 0.25);
    assertEquals(12.0, main.outputVolts(), 0.002);
    assertEquals(100.0, main.outputAmps(), 0.1);
    assertEquals(1200.0, main.outputWatts(), 1.0);
    assertEquals(38.0, main.temperatureCelsius(), 0.1);
    assertEquals(9000.0, main.fanRpm(), 8.0);
    assertTrue(main.status().powerGood());
    assertEquals(2.5, standby.outputAmps(), 0.01);
  }

  @Test
  void powerSupplyFaultLatchesUntilClearFaults() throws Exception {
    var supply = new PmbusPowerSupply(devices.device(1, 0x58), 0);
    psu.setFailed(true);
    var status = supply.readStatusWord();
    assertTrue(status.has(PmbusStatusFlag.OFF));
    assertTrue(status.has(PmbusStatusFlag.POWER_GOOD_NEGATED));
    assertEquals(0.0, supply.readOutputWatts());

    psu.setFailed(false);
    assertFalse(
        supply.readStatusWord().powerGood(), "fault bits stay latched after the cause went away");
    supply.clearFaults();
    assertTrue(supply.readStatusWord().powerGood());
  }

  @Test
  void powerSupplyReportsItsFirmwareRevisionMakerAndSerialInBlocksOfTheirOwnLength()
      throws Exception {
    // read from a paged driver: MFR_REVISION is the device's, whatever page is selected
    var supply = new PmbusPowerSupply(devices.device(1, 0x58), 1);
    assertEquals(SimPmbusPowerSupply.REVISION, supply.readRevision());
    assertEquals(SimPmbusPowerSupply.MANUFACTURER, supply.readManufacturer());
    assertEquals(SimPmbusPowerSupply.serialNumberOf("PSU1"), supply.readSerialNumber());
  }

  @Test
  void fanControllerNeedsItsTachInputsEnabled() throws Exception {
    var controller = new Max31790FanController(devices.device(1, 0x20), 2);
    fans.setRpm(2, 9000);
    assertEquals(0.0, controller.readRpm(2), "tach input disabled at reset reads stalled");
    controller.initialize();
    // SR 4: count = 4 × 8192 × 60 / (2 × 9000) = 109.2 -> 109, so the chip itself resolves ~1 %
    // here
    assertEquals(9000.0, controller.readRpm(2), 9000.0 * 0.01);

    controller.setDutyPercent(2, 60.0);
    assertEquals(60.0, fans.dutyPercent(2), 0.2);
    assertEquals(60.0, controller.readDutyPercent(2), 0.2);

    fans.setRpm(4, 0);
    assertEquals(0.0, controller.readRpm(4));
    assertEquals(
        1 << 4 | 0b101011, controller.readFaultMask(), "every fan except channel 2 is stopped");
  }

  @Test
  void gpusAtTheSameAddressAreReachedThroughTheirMuxChannel() throws Exception {
    var muxDriver = new Pca9548Mux(devices.device(3, 0x70));
    var postBox = new SmbpbiPostBox(devices.device(3, 0x4F), PostBoxTiming.immediate());
    gpuA.setTelemetry(61.25, 250.0);
    gpuB.setTelemetry(72.5, 300.0);

    assertEquals(61.25, muxDriver.onChannel(2, postBox::readTemperatureCelsius));
    assertEquals(72.5, muxDriver.onChannel(5, postBox::readTemperatureCelsius));
    assertEquals(300.0, muxDriver.onChannel(5, postBox::readPowerWatts));
    assertEquals(87.0 - 61.0, muxDriver.onChannel(2, postBox::readTemperatureMargin), 1.0);
    assertEquals(0, muxDriver.readSelection(), "the section deselects its channel");
    assertThrows(
        DeviceIoException.class,
        postBox::readTemperatureCelsius,
        "no channel selected: nobody answers");
  }

  @Test
  void aPostBoxBehindItsChannelSelectsItForEveryTransaction() throws Exception {
    var muxDriver = new Pca9548Mux(devices.device(3, 0x70));
    var postBoxA =
        SmbpbiPostBox.behind(muxDriver, 2, devices.device(3, 0x4F), PostBoxTiming.immediate());
    var postBoxB =
        SmbpbiPostBox.behind(muxDriver, 5, devices.device(3, 0x4F), PostBoxTiming.immediate());
    gpuA.setTelemetry(61.25, 250.0);
    gpuB.setTelemetry(72.5, 300.0);

    assertEquals(61.25, postBoxA.readTemperatureCelsius());
    assertEquals(300.0, postBoxB.readPowerWatts());
    assertEquals(250.0, postBoxA.readPowerWatts());
    assertEquals(0, muxDriver.readSelection(), "every transaction deselects its channel");
  }

  @Test
  void aGpuWorkingOnARequestLeavesTheBusToTheOthers() throws Exception {
    var muxDriver = new Pca9548Mux(devices.device(3, 0x70));
    // A never completes: its request polls for up to 30 s, releasing the bus between polls
    var waiting = new PostBoxTiming(Duration.ZERO, Duration.ofMillis(1), Duration.ofSeconds(30));
    var postBoxA = SmbpbiPostBox.behind(muxDriver, 2, devices.device(3, 0x4F), waiting);
    var postBoxB =
        SmbpbiPostBox.behind(muxDriver, 5, devices.device(3, 0x4F), PostBoxTiming.immediate());
    gpuA.setHung(true);
    gpuB.setTelemetry(72.5, 300.0);
    var failure = new java.util.concurrent.atomic.AtomicReference<DeviceException>();
    var reader =
        new Thread(
            () -> {
              try {
                postBoxA.readPowerWatts();
              } catch (DeviceException e) {
                failure.set(e);
              }
            });
    reader.start();
    try {
      while (gpuA.transfers() < 2) { // A's command written and its status polled
        Thread.sleep(1);
      }
      assertEquals(300.0, postBoxB.readPowerWatts(), "B is read while A works on its request");
      assertTrue(reader.isAlive(), "A's request is still waiting for its GPU");
    } finally {
      reader.interrupt(); // ends A's wait
      reader.join();
    }
    assertTrue(failure.get() instanceof DeviceIoException, "A's request ended by the interrupt");
    assertEquals(0, muxDriver.readSelection());
  }

  @Test
  void postBoxPollsUntilTheGpuCompletes() throws Exception {
    var muxDriver = new Pca9548Mux(devices.device(3, 0x70));
    var postBox = new SmbpbiPostBox(devices.device(3, 0x4F), PostBoxTiming.immediate());
    gpuA.setTelemetry(50.0, 100.0);
    gpuA.completeAfterPolls(3);
    assertEquals(100.0, muxDriver.onChannel(2, postBox::readPowerWatts));
  }

  @Test
  void postBoxTimesOutOnAHungGpu() {
    var muxDriver = new Pca9548Mux(devices.device(3, 0x70));
    var timing = new PostBoxTiming(Duration.ZERO, Duration.ofMillis(1), Duration.ofMillis(20));
    var postBox = new SmbpbiPostBox(devices.device(3, 0x4F), timing);
    gpuA.setHung(true);
    assertThrows(
        PostBoxTimeoutException.class, () -> muxDriver.onChannel(2, postBox::readPowerWatts));
  }

  @Test
  void postBoxReportsTheGpusErrorStatus() {
    var muxDriver = new Pca9548Mux(devices.device(3, 0x70));
    var postBox = new SmbpbiPostBox(devices.device(3, 0x4F), PostBoxTiming.immediate());
    PostBoxException e =
        assertThrows(
            PostBoxException.class,
            () -> muxDriver.onChannel(2, () -> postBox.request(0x7E, 0, 0)));
    assertEquals(SmbpbiStatus.ERR_OPCODE, e.status());
  }

  @Test
  void slotSignalsThroughTheExpander() throws Exception {
    var driver = new Pca9555Expander(devices.device(2, 0x20));
    // slot 2 on pins 4-7: PRSNT# input; outputs power on, PERST# released (high), LED off
    driver.configure(1 << 4, (1 << 5) | (1 << 6));
    expander.setExternalLevel(4, false); // card seated pulls PRSNT# low
    var slot =
        new SlotControl(
            2,
            Map.of(
                SlotSignal.PRESENT_N, new ExpanderPin(driver, 4),
                SlotSignal.POWER_ENABLE, new ExpanderPin(driver, 5),
                SlotSignal.PERST_N, new ExpanderPin(driver, 6),
                SlotSignal.ATTENTION_LED, new ExpanderPin(driver, 7)));
    assertTrue(slot.isPresent());
    assertTrue(slot.isPowerEnabled());
    assertFalse(slot.isInReset());

    slot.setReset(true);
    slot.setPowerEnabled(false);
    slot.setAttention(true);
    assertFalse(expander.level(5));
    assertFalse(expander.level(6), "PERST# asserted is low");
    assertTrue(expander.level(7));
    assertEquals(
        0b1000_0000, driver.readPins() & 0xF0, "PRSNT# low, power off, PERST# low, LED high");
    assertTrue(slot.isInReset());
    assertTrue(slot.isAttentionLit());
  }

  @Test
  void expanderStateIsAdoptedNotResetOnRestart() throws Exception {
    expander.preset(0x1111, 0x6666); // as a previous run left it: slots powered, out of reset
    var driver = new Pca9555Expander(devices.device(2, 0x20));
    driver.adoptCurrentState();
    driver.writePin(3, true); // LED of slot 1 on
    assertTrue(expander.level(1), "slot 1 power untouched");
    assertTrue(expander.level(5), "slot 2 power untouched");
    assertTrue(expander.level(3));
  }

  @Test
  void injectedNakFailsTheTransferAndClears() throws Exception {
    var sensor = new Lm75TemperatureSensor(devices.device(1, 0x48), 12);
    lm75.setNak(true);
    DeviceIoException e = assertThrows(DeviceIoException.class, sensor::readCelsius);
    assertTrue(e.getMessage().contains("bus 1 address 0x48"), e.getMessage());
    lm75.setNak(false);
    lm75.failNextTransfers(1);
    assertThrows(DeviceIoException.class, sensor::readCelsius);
    assertEquals(25.0, sensor.readCelsius());
  }

  @Test
  void absentAddressIsNotAcknowledged() {
    var sensor = new Lm75TemperatureSensor(devices.device(1, 0x4B));
    assertThrows(DeviceIoException.class, sensor::readCelsius);
  }

  @Test
  void busesTheNetworkDoesNotHaveCannotBeOpened() {
    assertThrows(RuntimeException.class, () -> devices.device(9, 0x48));
  }

  @Test
  void handlesAreSharedPerBusAndAddress() {
    assertTrue(devices.device(3, 0x4F) == devices.device(3, 0x4F));
  }
}
