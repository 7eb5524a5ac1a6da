package io.gpuchassis.sensor.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.gpio.ExternalLineResolver;
import io.gpuchassis.sensor.gpio.SignalNotWiredException;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.DeviceUnavailableException;
import io.gpuchassis.sensor.layout.GpuSidebandSpec;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.MuxChannel;
import io.gpuchassis.sensor.layout.Placement;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotLine;
import io.gpuchassis.sensor.layout.SlotLines;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A board whose slot lines are not all on expanders: some on external lines (processor or switch
 * GPIOs) resolved by name, some missing; GPU sidebands behind a mux, directly on a bus, or absent.
 * Simulated end to end.
 */
class ChassisWithExternalLinesTest {

  private static final I2cLocation EXPANDER = new I2cLocation(2, 0x20);

  /**
   * Slot 1: PRSNT# and PWR_EN on the expander (pins 0 and 9), PERST# and LED external, GPU behind
   * mux channel 0. Slot 2: every line external, GPU directly on bus 4. Slot 3: PRSNT# on pin 5,
   * PWR_EN external, no PERST#, no LED, no sideband. Slot 4 (empty): PRSNT# external, PWR_EN on pin
   * 1.
   */
  static SensorLayout layout() {
    List<SlotSpec> slots =
        List.of(
            new SlotSpec(
                1,
                new SlotLines(
                    Map.of(
                        SlotSignal.PRESENT_N, SlotLine.expanderPin(EXPANDER, 0),
                        SlotSignal.POWER_ENABLE, SlotLine.expanderPin(EXPANDER, 9),
                        SlotSignal.PERST_N, SlotLine.external("SLOT1_PERST"),
                        SlotSignal.ATTENTION_LED, SlotLine.external("SLOT1_ATTN"))),
                Optional.of(
                    GpuSidebandSpec.behind(new MuxChannel(new I2cLocation(3, 0x70), 0), 0x4F))),
            new SlotSpec(
                2,
                new SlotLines(
                    Map.of(
                        SlotSignal.PRESENT_N, SlotLine.external("SLOT2_PRSNT"),
                        SlotSignal.POWER_ENABLE, SlotLine.external("SLOT2_PWREN"),
                        SlotSignal.PERST_N, SlotLine.external("SLOT2_PERST"),
                        SlotSignal.ATTENTION_LED, SlotLine.external("SLOT2_ATTN"))),
                Optional.of(GpuSidebandSpec.direct(new I2cLocation(4, 0x4F)))),
            new SlotSpec(
                3,
                SlotLines.none()
                    .with(SlotSignal.PRESENT_N, SlotLine.expanderPin(EXPANDER, 5))
                    .with(SlotSignal.POWER_ENABLE, SlotLine.external("SLOT3_PWREN")),
                Optional.empty()),
            new SlotSpec(
                4,
                SlotLines.none()
                    .with(SlotSignal.PRESENT_N, SlotLine.external("SLOT4_PRSNT"))
                    .with(SlotSignal.POWER_ENABLE, SlotLine.expanderPin(EXPANDER, 1)),
                Optional.empty()));
    return new SensorLayout(
        List.of(new TemperatureSensorSpec("Inlet1", new I2cLocation(1, 0x48), Placement.INLET, 12)),
        List.of(),
        List.of(),
        Optional.empty(),
        slots);
  }

  private SimulatedSensorBoard board;
  private Context context;

  @AfterEach
  void stop() {
    if (context != null) {
      context.shutdown();
    }
  }

  private ChassisSensors open(boolean warmStart, ExternalLineResolver resolver) {
    board =
        new SimulatedSensorBoard(
            new SimulatedSensorBoardConfig(
                layout(),
                List.of(
                    new SimulatedGpu(1, 300), new SimulatedGpu(2, 300), new SimulatedGpu(3, 300)),
                25.0,
                0.6,
                warmStart,
                ThermalParameters.defaults()));
    context = board.newContext();
    return new ChassisSensors(
        context,
        board.config().layout(),
        PostBoxTiming.immediate(),
        resolver == null ? board::externalLine : resolver);
  }

  @Test
  void aColdSlotIsPoweredUpThroughItsExternalLinesAndItsGpuAnswersOnItsOwnBus() throws Exception {
    ChassisSensors sensors = open(false, null);
    assertEquals(List.of(), sensors.initialize());
    assertTrue(sensors.slot(2).isPresent());
    assertFalse(sensors.slot(2).isPowerEnabled(), "pull-down on PWR_EN");
    assertTrue(sensors.slot(2).isInReset(), "pull-down on PERST#");
    assertThrows(
        DeviceIoException.class, () -> sensors.gpu(2).readTemperatureCelsius(), "unpowered GPU");

    sensors.slot(2).setPowerEnabled(true);
    sensors.slot(2).setReset(false);
    sensors.slot(2).setAttention(true);
    assertTrue(board.slotPowerEnabled(2));
    assertFalse(board.slotInReset(2));
    assertTrue(board.slotAttentionLit(2));
    board.tick(Duration.ofSeconds(1));
    assertEquals(
        board.gpuTemperature(2),
        sensors.gpu(2).readTemperatureCelsius(),
        0.01,
        "direct sideband on bus 4");
    assertTrue(
        board.gpuWatts(2) > 0.5 * 300 * 0.6,
        "out of reset, the GPU runs its load: " + board.gpuWatts(2));

    // slot 1 mixes an expander pin (PWR_EN) with an external line (PERST#)
    sensors.slot(1).setPowerEnabled(true);
    sensors.slot(1).setReset(false);
    board.tick(Duration.ofSeconds(1));
    assertEquals(
        board.gpuTemperature(1),
        sensors.gpu(1).readTemperatureCelsius(),
        0.01,
        "behind its mux channel");
  }

  @Test
  void aWarmStartFindsTheExternalOutputsAsThePreviousRunLeftThem() throws Exception {
    ChassisSensors sensors = open(true, null);
    assertEquals(List.of(), sensors.initialize());
    assertTrue(sensors.slot(2).isPowerEnabled());
    assertFalse(sensors.slot(2).isInReset());
    assertEquals(board.gpuTemperature(2), sensors.gpu(2).readTemperatureCelsius(), 0.01);
  }

  @Test
  void initializationTakesOverOnlyTheExpanderPinsWiredAsOutputs() throws Exception {
    ChassisSensors sensors = open(false, null);
    sensors.initialize();
    var expander = sensors.expander(EXPANDER);
    assertTrue(expander.isOutput(9), "slot 1 PWR_EN");
    assertTrue(expander.isOutput(1), "slot 4 PWR_EN");
    assertFalse(expander.isOutput(0), "PRSNT# stays an input");
    assertFalse(expander.isOutput(5), "PRSNT# stays an input");
    assertFalse(expander.isOutput(12), "an unused pin is left alone");
    assertFalse(expander.outputLevel(9), "taken over at the level its pull-down held: slot off");
  }

  @Test
  void externalLinesAreReadOneByOneOnTheirOwnPollerUnderTheUsualSensorIds() throws Exception {
    ChassisSensors sensors = open(false, null);
    sensors.initialize();
    Map<Integer, List<PollTask>> plan =
        ChassisPollPlan.build(sensors, PollIntervals.production(), Set.of(1, 2, 3));
    assertEquals(Set.of(ChassisPollPlan.EXTERNAL_LINES, 1, 2, 3, 4), plan.keySet());

    List<PollTask> lines = plan.get(ChassisPollPlan.EXTERNAL_LINES);
    assertEquals(8, lines.size(), "one task per external line");
    Map<String, Double> values = new HashMap<>();
    for (PollTask task : lines) {
      assertEquals(1, task.sensors().size());
      values.put(task.sensors().get(0).id(), task.read()[0]);
    }
    assertEquals(
        Map.of(
            "Slot1.InReset",
            1.0,
            "Slot1.Attention",
            0.0,
            "Slot2.Present",
            1.0,
            "Slot2.PowerEnabled",
            0.0,
            "Slot2.InReset",
            1.0,
            "Slot2.Attention",
            0.0,
            "Slot3.PowerEnabled",
            0.0,
            "Slot4.Present",
            0.0),
        values);

    PollTask expanderTask = plan.get(2).get(0);
    assertEquals(
        List.of("Slot1.Present", "Slot1.PowerEnabled", "Slot3.Present", "Slot4.PowerEnabled"),
        expanderTask.sensors().stream().map(SensorDescriptor::id).toList(),
        "one pin-word read for all four");
    assertEquals(List.of(1.0, 0.0, 1.0, 0.0), toList(expanderTask.read()));

    List<String> gpuSensors =
        plan.values().stream()
            .flatMap(List::stream)
            .flatMap(t -> t.sensors().stream())
            .map(SensorDescriptor::id)
            .filter(id -> id.startsWith("GPU"))
            .sorted()
            .toList();
    assertEquals(
        List.of("GPU1.Power", "GPU1.Temperature", "GPU2.Power", "GPU2.Temperature"),
        gpuSensors,
        "slot 3 has no sideband, so no GPU sensors though it is occupied");

    try (ChassisPolling polling =
        new ChassisPolling(plan, PollerSettings.defaults(), Clock.systemUTC(), r -> {})) {
      assertEquals("external-lines", polling.poller(ChassisPollPlan.EXTERNAL_LINES).name());
      assertEquals("i2c-2", polling.poller(2).name());
    }
  }

  @Test
  void slotCommandsGoToThePollerOfThePowerLine() {
    SensorLayout layout = layout();
    assertEquals(
        OptionalInt.of(2), ChassisPollPlan.slotCommandPoller(layout.slot(1).orElseThrow()));
    assertEquals(
        OptionalInt.of(ChassisPollPlan.EXTERNAL_LINES),
        ChassisPollPlan.slotCommandPoller(layout.slot(2).orElseThrow()));
    SlotSpec presenceOnly =
        new SlotSpec(
            9,
            SlotLines.none().with(SlotSignal.PRESENT_N, SlotLine.external("P9")),
            Optional.empty());
    assertEquals(
        OptionalInt.empty(), ChassisPollPlan.slotCommandPoller(presenceOnly), "nothing to command");
  }

  @Test
  void aSignalTheLayoutDoesNotWireFailsClearlyAndTheSimulationActsWithoutIt() throws Exception {
    ChassisSensors sensors = open(false, null);
    sensors.initialize();
    assertFalse(sensors.slot(3).has(SlotSignal.PERST_N));
    SignalNotWiredException e =
        assertThrows(SignalNotWiredException.class, () -> sensors.slot(3).setReset(false));
    assertEquals("slot 3 has no PERST# line in the layout", e.getMessage());
    assertThrows(SignalNotWiredException.class, () -> sensors.slot(3).isAttentionLit());
    NoSuchElementException noGpu = assertThrows(NoSuchElementException.class, () -> sensors.gpu(3));
    assertEquals("slot 3 has no GPU sideband in the layout", noGpu.getMessage());

    sensors.slot(3).setPowerEnabled(true);
    board.tick(Duration.ofSeconds(1));
    assertFalse(board.slotInReset(3), "no PERST#: nothing holds the card in reset");
    assertTrue(board.gpuWatts(3) > 0.5 * 300 * 0.6, "it runs its load: " + board.gpuWatts(3));
  }

  @Test
  void aSimulatedPresenceLineCannotBeDrivenAndUnknownNamesAreRefused() {
    open(false, null);
    assertThrows(
        IllegalStateException.class, () -> board.externalLine("SLOT2_PRSNT").setHigh(false));
    assertThrows(NoSuchElementException.class, () -> board.externalLine("SLOT9_PERST"));
  }

  @Test
  void aLineThatCannotBeResolvedIsUnavailableAndOnlyItsSignalFails() throws Exception {
    ChassisSensors sensors =
        open(
            false,
            name -> {
              if (name.equals("SLOT2_PERST")) {
                throw new DeviceException("gpiochip2 line 7 is busy");
              }
              return board.externalLine(name);
            });
    List<DeviceStatus> problems = sensors.initialize();
    assertEquals(1, problems.size(), problems::toString);
    assertEquals(
        "external line SLOT2_PERST of slot 2: unavailable: gpiochip2 line 7 is busy",
        problems.get(0).toString());

    DeviceUnavailableException e =
        assertThrows(DeviceUnavailableException.class, () -> sensors.slot(2).setReset(false));
    assertEquals("gpiochip2 line 7 is busy", e.reason());
    assertTrue(sensors.slot(2).isPresent(), "the slot's other lines work");
    sensors.slot(2).setPowerEnabled(true);

    PollTask perst =
        ChassisPollPlan.build(sensors, PollIntervals.production(), Set.of())
            .get(ChassisPollPlan.EXTERNAL_LINES)
            .stream()
            .filter(t -> t.sensors().get(0).id().equals(SensorIds.slotInReset(2)))
            .findFirst()
            .orElseThrow();
    assertThrows(
        DeviceUnavailableException.class,
        perst::read,
        "its reading fails with the reason, no value");
  }

  private static List<Double> toList(double[] values) {
    return Arrays.stream(values).boxed().toList();
  }
}
