package io.gpuchassis.sensor.device;

import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;

/**
 * PCA9548A-class 8-channel I2C multiplexer (addresses 0x70-0x77): one control byte, bit n connects
 * downstream channel n. Used when the agent, not the kernel's {@code i2c-mux-pca954x}, drives the
 * mux, e.g. to reach the GPUs that all answer at the same SMBus address behind their slot's channel
 * (reference §3.6).
 *
 * <p>{@link #onChannel} selects the channel, runs the transfer and deselects again while holding
 * the bus lock, so no other thread's transfer can land on the wrong channel, and a device at the
 * same address on the trunk is never shadowed between transactions. Thread-safety: safe; blocks for
 * the whole section.
 */
public final class Pca9548Mux {

  public static final int CHANNELS = 8;

  private final SmbusDevice device;

  public Pca9548Mux(SmbusDevice device) {
    this.device = device;
  }

  public SmbusDevice device() {
    return device;
  }

  /** Connects exactly the channels in {@code mask}. */
  public void select(int mask) throws DeviceIoException {
    device.sendByte(mask & 0xFF);
  }

  public void deselectAll() throws DeviceIoException {
    device.sendByte(0);
  }

  public int readSelection() throws DeviceIoException {
    return device.receiveByte();
  }

  /**
   * Runs {@code action} with only {@code channel} connected, under the bus lock, and disconnects
   * afterwards.
   */
  public <T> T onChannel(int channel, DeviceAction<T> action) throws DeviceException {
    if (channel < 0 || channel >= CHANNELS) {
      throw new IllegalArgumentException("PCA9548 channel must be 0-7: " + channel);
    }
    return device.atomically(
        () -> {
          select(1 << channel);
          T result;
          try {
            result = action.run();
          } catch (DeviceException | RuntimeException e) {
            try {
              deselectAll();
            } catch (DeviceIoException second) {
              e.addSuppressed(second);
            }
            throw e;
          }
          deselectAll();
          return result;
        });
  }
}
