package io.gpuchassis.sensor.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pi4j.context.Context;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.gpio.GpioLine;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.layout.I2cLocation;
import io.gpuchassis.sensor.layout.Placement;
import io.gpuchassis.sensor.layout.SensorLayout;
import io.gpuchassis.sensor.layout.SlotLine;
import io.gpuchassis.sensor.layout.SlotLines;
import io.gpuchassis.sensor.layout.SlotSpec;
import io.gpuchassis.sensor.layout.TemperatureSensorSpec;
import io.gpuchassis.sensor.poll.PollTask;
import io.gpuchassis.sensor.poll.SensorDescriptor;
import io.gpuchassis.sensor.sim.SimulatedGpu;
import io.gpuchassis.sensor.sim.SimulatedSensorBoard;
import io.gpuchassis.sensor.sim.SimulatedSensorBoardConfig;
import io.gpuchassis.sensor.sim.ThermalParameters;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The chassis identify LED, on a pin of an expander that also carries slot signals or on an
 * external line: dark after start (its pull-down), driven through the agent's line and seen on the
 * simulated board's pin, polled under {@link SensorIds#CHASSIS_IDENTIFY}, and never on a line a
 * slot signal uses.
 */
class IdentifyLedTest {

  private static final I2cLocation EXPANDER = new I2cLocation(2, 0x20);

  private Context context;

  @AfterEach
  void stop() {
    if (context != null) {
      context.shutdown();
    }
  }

  private static SensorLayout layout(SlotLine identify) {
    return new SensorLayout(
            List.of(
                new TemperatureSensorSpec("Inlet1", new I2cLocation(1, 0x48), Placement.INLET, 12)),
            List.of(),
            List.of(),
            Optional.empty(),
            List.of(
                new SlotSpec(
                    1,
                    SlotLines.none()
                        .with(SlotSignal.PRESENT_N, SlotLine.expanderPin(EXPANDER, 0))
                        .with(SlotSignal.POWER_ENABLE, SlotLine.expanderPin(EXPANDER, 1)),
                    Optional.empty())))
        .withIdentifyLed(identify);
  }

  private record Rig(SimulatedSensorBoard board, ChassisSensors sensors) {}

  private Rig open(SensorLayout layout) {
    SimulatedSensorBoard board =
        new SimulatedSensorBoard(
            new SimulatedSensorBoardConfig(
                layout,
                List.of(new SimulatedGpu(1, 300)),
                25.0,
                0.6,
                false,
                ThermalParameters.defaults()));
    context = board.newContext();
    ChassisSensors sensors =
        new ChassisSensors(context, layout, PostBoxTiming.immediate(), board::externalLine);
    assertEquals(List.of(), sensors.initialize());
    return new Rig(board, sensors);
  }

  @Test
  void an_identify_led_on_an_expander_pin_is_read_with_the_slot_lines_of_its_expander()
      throws Exception {
    Rig rig = open(layout(SlotLine.expanderPin(EXPANDER, 15)));
    assertFalse(rig.board.identifyLit(), "dark after start");
    assertTrue(rig.sensors.expander(EXPANDER).isOutput(15), "taken over as an output");

    GpioLine led = rig.sensors.identifyLed().orElseThrow();
    led.setHigh(true);
    assertTrue(rig.board.identifyLit(), "the expander's pin 15 is high");
    assertFalse(rig.board.slotPowerEnabled(1), "the slot's pins on the same expander stay");

    PollTask pins =
        ChassisPollPlan.build(rig.sensors, PollIntervals.production(), Set.of())
            .get(EXPANDER.bus())
            .get(0);
    assertEquals(
        List.of("Slot1.Present", "Slot1.PowerEnabled", SensorIds.CHASSIS_IDENTIFY),
        pins.sensors().stream().map(SensorDescriptor::id).toList(),
        "one pin-word read");
    assertEquals(1.0, pins.read()[2]);
    led.setHigh(false);
    assertEquals(0.0, pins.read()[2]);
    assertFalse(rig.board.identifyLit());
  }

  @Test
  void an_identify_led_on_an_external_line_has_a_task_of_its_own() throws Exception {
    Rig rig = open(layout(SlotLine.external("PANEL_IDENTIFY")));
    assertFalse(rig.board.identifyLit());
    rig.sensors.identifyLed().orElseThrow().setHigh(true);
    assertTrue(rig.board.identifyLit());

    Map<Integer, List<PollTask>> plan =
        ChassisPollPlan.build(rig.sensors, PollIntervals.production(), Set.of());
    List<PollTask> external = plan.get(ChassisPollPlan.EXTERNAL_LINES);
    assertEquals(1, external.size());
    assertEquals(SensorIds.CHASSIS_IDENTIFY, external.get(0).sensors().get(0).id());
    assertEquals(1.0, external.get(0).read()[0]);
  }

  @Test
  void a_layout_without_one_has_none_and_one_on_a_slot_line_is_refused() {
    SensorLayout plain =
        new SensorLayout(List.of(), List.of(), List.of(), Optional.empty(), List.of());
    assertEquals(Optional.empty(), plain.identifyLed());

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> layout(SlotLine.expanderPin(EXPANDER, 1)));
    assertTrue(e.getMessage().contains("identify LED"), e.getMessage());
    assertTrue(e.getMessage().contains("PWR_EN"), e.getMessage());
  }
}
