package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * The SMBus sideband of the GPU in one slot: its post-box, reached through the slot's mux channel
 * when there is one ({@link SmbpbiPostBox#behind}). Thread-safety: safe; one post-box request at a
 * time, and each bus transaction selects the channel, transfers and deselects under the bus lock.
 * While the GPU works on a request the bus is free, so the sidebands of several GPUs on one bus can
 * be read from several threads at once (the chassis discovery does so). Blocking as {@link
 * SmbpbiPostBox}.
 */
public final class GpuSideband {

  private final int slot;
  private final SmbpbiPostBox postBox;

  GpuSideband(int slot, SmbpbiPostBox postBox) {
    this.slot = slot;
    this.postBox = postBox;
  }

  public int slot() {
    return slot;
  }

  public double readTemperatureCelsius() throws DeviceException {
    return postBox.readTemperatureCelsius();
  }

  public double readPowerWatts() throws DeviceException {
    return postBox.readPowerWatts();
  }

  public double readTemperatureMargin() throws DeviceException {
    return postBox.readTemperatureMargin();
  }

  /** Who the GPU is (SMBPBI GET_SYS_ID_DATA): read once when it is found, never polled. */
  public GpuIdentity readIdentity() throws DeviceException {
    return postBox.readIdentity();
  }

  /** Temperature and power: {@code [°C, W]}. */
  public double[] readTemperatureAndPower() throws DeviceException {
    return new double[] {postBox.readTemperatureCelsius(), postBox.readPowerWatts()};
  }
}
