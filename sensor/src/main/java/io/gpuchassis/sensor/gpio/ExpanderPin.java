package io.gpuchassis.sensor.gpio;

import io.gpuchassis.sensor.device.Pca9555Expander;
import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * A {@link GpioLine} on one pin of a PCA9555-class expander. Thread-safety: as the expander (safe);
 * blocks for one transfer.
 */
public final class ExpanderPin implements GpioLine {

  private final Pca9555Expander expander;
  private final int pin;

  public ExpanderPin(Pca9555Expander expander, int pin) {
    if (pin < 0 || pin >= Pca9555Expander.PINS) {
      throw new IllegalArgumentException("PCA9555 pin must be 0-15: " + pin);
    }
    this.expander = expander;
    this.pin = pin;
  }

  @Override
  public boolean isHigh() throws DeviceException {
    return expander.readPin(pin);
  }

  @Override
  public void setHigh(boolean high) throws DeviceException {
    expander.writePin(pin, high);
  }
}
