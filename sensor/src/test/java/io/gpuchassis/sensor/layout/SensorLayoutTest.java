package io.gpuchassis.sensor.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.gpio.SlotSignal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SensorLayoutTest {

  private static final I2cLocation EXPANDER = new I2cLocation(2, 0x20);
  private static final I2cLocation MUX = new I2cLocation(3, 0x70);

  private static SensorLayout withSlots(SlotSpec... slots) {
    return new SensorLayout(List.of(), List.of(), List.of(), Optional.empty(), List.of(slots));
  }

  private static SlotSpec slot(int n, SlotLines lines) {
    return new SlotSpec(n, lines, Optional.empty());
  }

  @Test
  void theReferenceChassisKeepsItsShape() {
    SensorLayout reference = SensorLayout.reference();
    assertEquals(20, reference.slots().size());
    assertEquals(5, reference.expanders().size());
    assertEquals(3, reference.muxes().size());
    assertEquals(List.of(), reference.externalLines());
    SlotSpec slot6 = reference.slot(6).orElseThrow();
    assertEquals(
        Optional.of(SlotLine.expanderPin(new I2cLocation(2, 0x21), 4)),
        slot6.line(SlotSignal.PRESENT_N));
    assertEquals(
        Optional.of(SlotLine.expanderPin(new I2cLocation(2, 0x21), 7)),
        slot6.line(SlotSignal.ATTENTION_LED));
    assertEquals(Optional.of(GpuSidebandSpec.behind(new MuxChannel(MUX, 5), 0x4F)), slot6.gpu());
    assertTrue(reference.fanController().isPresent());
  }

  @Test
  void consecutivePinsAreInSignalOrder() {
    SlotLines lines = SlotLines.consecutive(EXPANDER, 12);
    assertEquals(
        Map.of(
            SlotSignal.PRESENT_N, SlotLine.expanderPin(EXPANDER, 12),
            SlotSignal.POWER_ENABLE, SlotLine.expanderPin(EXPANDER, 13),
            SlotSignal.PERST_N, SlotLine.expanderPin(EXPANDER, 14),
            SlotSignal.ATTENTION_LED, SlotLine.expanderPin(EXPANDER, 15)),
        lines.lines());
    assertThrows(IllegalArgumentException.class, () -> SlotLines.consecutive(EXPANDER, 13));
    assertThrows(IllegalArgumentException.class, () -> SlotLine.expanderPin(EXPANDER, 16));
    assertThrows(IllegalArgumentException.class, () -> SlotLine.external(" "));
  }

  @Test
  void twoSignalsOnOneExpanderPinAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                withSlots(
                    slot(
                        1,
                        SlotLines.none()
                            .with(SlotSignal.POWER_ENABLE, SlotLine.expanderPin(EXPANDER, 3))),
                    slot(
                        2,
                        SlotLines.none()
                            .with(SlotSignal.PERST_N, SlotLine.expanderPin(EXPANDER, 3)))));
    assertEquals("slot 2 PERST# and slot 1 PWR_EN are both on pin 3 of 2-0x20", e.getMessage());
  }

  @Test
  void oneExternalLineForTwoSignalsIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            withSlots(
                slot(1, SlotLines.none().with(SlotSignal.PERST_N, SlotLine.external("PERST_ALL"))),
                slot(
                    2, SlotLines.none().with(SlotSignal.PERST_N, SlotLine.external("PERST_ALL")))));
  }

  @Test
  void anExpanderPinsAddressMayNotBeAnotherDevices() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new SensorLayout(
                List.of(new TemperatureSensorSpec("Board1", EXPANDER, Placement.BOARD, 12)),
                List.of(),
                List.of(),
                Optional.empty(),
                List.of(slot(1, SlotLines.consecutive(EXPANDER, 0)))));
  }

  @Test
  void aGpuBehindAMuxMayNotShareItsAddressWithADeviceOnTheTrunk() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new SensorLayout(
                    List.of(
                        new TemperatureSensorSpec(
                            "Board1", new I2cLocation(3, 0x4F), Placement.BOARD, 12)),
                    List.of(),
                    List.of(),
                    Optional.empty(),
                    List.of(
                        new SlotSpec(
                            1,
                            SlotLines.none(),
                            Optional.of(GpuSidebandSpec.behind(new MuxChannel(MUX, 0), 0x4F))))));
    assertTrue(e.getMessage().contains("both answer at 3-0x4F"), e.getMessage());
  }

  @Test
  void gpuSidebandsAreUniquePerChannelAndPerAddress() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            withSlots(
                new SlotSpec(
                    1,
                    SlotLines.none(),
                    Optional.of(GpuSidebandSpec.behind(new MuxChannel(MUX, 0), 0x4F))),
                new SlotSpec(
                    2,
                    SlotLines.none(),
                    Optional.of(GpuSidebandSpec.behind(new MuxChannel(MUX, 0), 0x4F)))));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            withSlots(
                new SlotSpec(
                    1,
                    SlotLines.none(),
                    Optional.of(GpuSidebandSpec.direct(new I2cLocation(4, 0x4F)))),
                new SlotSpec(
                    2,
                    SlotLines.none(),
                    Optional.of(GpuSidebandSpec.direct(new I2cLocation(4, 0x4F))))));
    // one mux, two channels, the same address: only one channel is ever selected at a time
    SensorLayout ok =
        withSlots(
            new SlotSpec(
                1,
                SlotLines.none(),
                Optional.of(GpuSidebandSpec.behind(new MuxChannel(MUX, 0), 0x4F))),
            new SlotSpec(
                2,
                SlotLines.none(),
                Optional.of(GpuSidebandSpec.behind(new MuxChannel(MUX, 1), 0x4F))));
    assertEquals(List.of(MUX), ok.muxes());
    assertThrows(
        IllegalArgumentException.class,
        () -> new GpuSidebandSpec(new I2cLocation(4, 0x4F), Optional.of(new MuxChannel(MUX, 0))),
        "other bus");
  }

  @Test
  void aBoardWithoutAFanControllerOrSlotLinesIsValid() {
    SensorLayout bare = withSlots(slot(1, SlotLines.none()));
    assertEquals(Optional.empty(), bare.fanController());
    assertEquals(List.of(), bare.expanders());
    assertEquals(List.of(), bare.muxes());
  }
}
