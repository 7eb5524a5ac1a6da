package io.gpuchassis.sensor.gpio;

import io.gpuchassis.sensor.i2c.DeviceException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * One slot's signals with their meaning ({@link SlotSignal}: PRSNT# and PERST# active low, PWR_EN
 * and the attention LED active high). A signal the layout does not wire makes its methods throw
 * {@link SignalNotWiredException}; check {@link #has} first. This class only moves single signals;
 * sequencing (PERST# held ≥ 100 ms after power is stable, staggered power-on) belongs to the caller
 * that owns the slot.
 *
 * <p>Thread-safety: as the underlying lines (expander pins are safe, external lines must be). Every
 * method blocks for one transfer.
 */
public final class SlotControl {

  private final int slot;
  private final Map<SlotSignal, GpioLine> lines;

  /**
   * @param lines the wired signals' lines, by electrical level
   */
  public SlotControl(int slot, Map<SlotSignal, GpioLine> lines) {
    this.slot = slot;
    EnumMap<SlotSignal, GpioLine> copy = new EnumMap<>(SlotSignal.class);
    copy.putAll(lines);
    this.lines = Collections.unmodifiableMap(copy);
  }

  public int slot() {
    return slot;
  }

  public boolean has(SlotSignal signal) {
    return lines.containsKey(signal);
  }

  /** The wired signals. */
  public Set<SlotSignal> signals() {
    return lines.keySet();
  }

  /** Whether {@code signal} is asserted now (card present, power on, in reset, LED lit). */
  public boolean isAsserted(SlotSignal signal) throws DeviceException {
    return signal.asserted(line(signal).isHigh());
  }

  /** Asserts or deasserts an output signal. */
  public void setAsserted(SlotSignal signal, boolean asserted) throws DeviceException {
    if (!signal.output()) {
      throw new IllegalArgumentException(signal.label() + " is an input");
    }
    line(signal).setHigh(signal.level(asserted));
  }

  public boolean isPresent() throws DeviceException {
    return isAsserted(SlotSignal.PRESENT_N);
  }

  public boolean isPowerEnabled() throws DeviceException {
    return isAsserted(SlotSignal.POWER_ENABLE);
  }

  public void setPowerEnabled(boolean on) throws DeviceException {
    setAsserted(SlotSignal.POWER_ENABLE, on);
  }

  public boolean isInReset() throws DeviceException {
    return isAsserted(SlotSignal.PERST_N);
  }

  /** Asserts (true) or releases (false) PERST#. */
  public void setReset(boolean asserted) throws DeviceException {
    setAsserted(SlotSignal.PERST_N, asserted);
  }

  public void setAttention(boolean lit) throws DeviceException {
    setAsserted(SlotSignal.ATTENTION_LED, lit);
  }

  public boolean isAttentionLit() throws DeviceException {
    return isAsserted(SlotSignal.ATTENTION_LED);
  }

  private GpioLine line(SlotSignal signal) {
    GpioLine line = lines.get(signal);
    if (line == null) {
      throw new SignalNotWiredException(slot, signal);
    }
    return line;
  }
}
