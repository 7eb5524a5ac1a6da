package io.gpuchassis.sensor.gpio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.sensor.i2c.DeviceUnavailableException;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Signal meaning over electrical levels: PRSNT# and PERST# active low, PWR_EN and the LED active
 * high.
 */
class SlotControlTest {

  /** A line holding a level, as a wire between two pins would. */
  private static final class Wire implements GpioLine {
    boolean high;

    Wire(boolean high) {
      this.high = high;
    }

    @Override
    public boolean isHigh() {
      return high;
    }

    @Override
    public void setHigh(boolean high) {
      this.high = high;
    }
  }

  @Test
  void polarityIsAppliedPerSignal() throws Exception {
    Wire present = new Wire(false);
    Wire power = new Wire(false);
    Wire perst = new Wire(false);
    Wire led = new Wire(false);
    SlotControl slot =
        new SlotControl(
            7,
            Map.of(
                SlotSignal.PRESENT_N,
                present,
                SlotSignal.POWER_ENABLE,
                power,
                SlotSignal.PERST_N,
                perst,
                SlotSignal.ATTENTION_LED,
                led));
    assertTrue(slot.isPresent(), "PRSNT# low = card seated");
    assertFalse(slot.isPowerEnabled());
    assertTrue(slot.isInReset(), "PERST# low = in reset");
    assertFalse(slot.isAttentionLit());

    slot.setPowerEnabled(true);
    slot.setReset(false);
    slot.setAttention(true);
    assertTrue(power.high);
    assertTrue(perst.high, "released PERST# is high");
    assertTrue(led.high);
    slot.setReset(true);
    assertFalse(perst.high);
    present.high = true;
    assertFalse(slot.isPresent());
    assertThrows(
        IllegalArgumentException.class,
        () -> slot.setAsserted(SlotSignal.PRESENT_N, true),
        "an input");
  }

  @Test
  void aSignalThatIsNotWiredFailsInsteadOfInventingALevel() throws Exception {
    SlotControl slot = new SlotControl(4, Map.of(SlotSignal.PRESENT_N, new Wire(true)));
    assertEquals(Set.of(SlotSignal.PRESENT_N), slot.signals());
    assertFalse(slot.has(SlotSignal.PERST_N));
    SignalNotWiredException e = assertThrows(SignalNotWiredException.class, slot::isPowerEnabled);
    assertEquals(SlotSignal.POWER_ENABLE, e.signal());
    assertEquals(4, e.slot());
    assertThrows(SignalNotWiredException.class, () -> slot.setReset(true));
    assertFalse(slot.isPresent());
  }

  @Test
  void anUnavailableLineFailsWithItsReason() {
    SlotControl slot =
        new SlotControl(
            2,
            Map.of(
                SlotSignal.PERST_N, GpioLine.unavailable("external line P2", "gpiochip9 missing")));
    DeviceUnavailableException e = assertThrows(DeviceUnavailableException.class, slot::isInReset);
    assertEquals("external line P2 is unavailable: gpiochip9 missing", e.getMessage());
    assertThrows(DeviceUnavailableException.class, () -> slot.setReset(true));
  }
}
