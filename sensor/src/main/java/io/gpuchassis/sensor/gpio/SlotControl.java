package io.gpuchassis.sensor.gpio;

import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * One slot's signals with their meaning: PRSNT# and PERST# are active-low, PWR_EN and the attention LED active-high.
 * This class only moves single signals; sequencing (PERST# held ≥ 100 ms after power is stable, staggered power-on)
 * belongs to the caller that owns the slot.
 *
 * <p>Thread-safety: as the underlying lines (expander pins are safe). Every method blocks for one transfer.
 */
public final class SlotControl {

  private final int slot;
  private final GpioLine presentN;
  private final GpioLine powerEnable;
  private final GpioLine perstN;
  private final GpioLine attentionLed;

  public SlotControl(int slot, GpioLine presentN, GpioLine powerEnable, GpioLine perstN, GpioLine attentionLed) {
    this.slot = slot;
    this.presentN = presentN;
    this.powerEnable = powerEnable;
    this.perstN = perstN;
    this.attentionLed = attentionLed;
  }

  public int slot() {
    return slot;
  }

  public boolean isPresent() throws DeviceException {
    return !presentN.isHigh();
  }

  public boolean isPowerEnabled() throws DeviceException {
    return powerEnable.isHigh();
  }

  public void setPowerEnabled(boolean on) throws DeviceException {
    powerEnable.setHigh(on);
  }

  public boolean isInReset() throws DeviceException {
    return !perstN.isHigh();
  }

  /** Asserts (true) or releases (false) PERST#. */
  public void setReset(boolean asserted) throws DeviceException {
    perstN.setHigh(!asserted);
  }

  public void setAttention(boolean lit) throws DeviceException {
    attentionLed.setHigh(lit);
  }

  public boolean isAttentionLit() throws DeviceException {
    return attentionLed.isHigh();
  }
}
