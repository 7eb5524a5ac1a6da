package io.gpuchassis.sensor.gpio;

import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceUnavailableException;

/**
 * One digital signal, by electrical level. Active-low meaning (PRSNT#, PERST#) is applied by {@link
 * SlotControl}, not here. Implementations block for the bus transfer behind the line, if any.
 */
public interface GpioLine {

  boolean isHigh() throws DeviceException;

  /** Drives the line; an input-only line throws {@link IllegalStateException}. */
  void setHigh(boolean high) throws DeviceException;

  /**
   * A stand-in for a line that could not be opened: every call fails with {@link
   * DeviceUnavailableException} carrying {@code reason}, so nothing ever reads a made-up level from
   * it.
   *
   * @param what names the line in the error, e.g. {@code "external line SLOT3_PERST"}
   */
  static GpioLine unavailable(String what, String reason) {
    return new GpioLine() {
      @Override
      public boolean isHigh() throws DeviceException {
        throw new DeviceUnavailableException(what, reason);
      }

      @Override
      public void setHigh(boolean high) throws DeviceException {
        throw new DeviceUnavailableException(what, reason);
      }

      @Override
      public String toString() {
        return what + " (unavailable: " + reason + ")";
      }
    };
  }
}
