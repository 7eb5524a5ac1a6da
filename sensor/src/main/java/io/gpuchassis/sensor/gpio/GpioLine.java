package io.gpuchassis.sensor.gpio;

import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * One digital signal, by electrical level. Active-low meaning (PRSNT#, PERST#) is applied by {@link SlotControl},
 * not here. Implementations block for the bus transfer behind the line, if any.
 */
public interface GpioLine {

  boolean isHigh() throws DeviceException;

  /** Drives the line; an input-only line throws {@link IllegalStateException}. */
  void setHigh(boolean high) throws DeviceException;
}
