package io.gpuchassis.sensor.chassis;

import io.gpuchassis.sensor.device.Pca9548Mux;
import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import io.gpuchassis.sensor.device.gpu.SmbpbiPostBox;
import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceException;
import java.util.Optional;

/**
 * The SMBus sideband of the GPU in one slot: its post-box, reached through the slot's mux channel
 * when there is one. Thread-safety: safe; every call holds the bus lock from mux select to
 * deselect. Blocking as {@link SmbpbiPostBox}.
 */
public final class GpuSideband {

  private final int slot;
  private final SmbpbiPostBox postBox;
  private final Optional<Pca9548Mux> mux;
  private final int channel;

  GpuSideband(int slot, SmbpbiPostBox postBox, Optional<Pca9548Mux> mux, int channel) {
    this.slot = slot;
    this.postBox = postBox;
    this.mux = mux;
    this.channel = channel;
  }

  public int slot() {
    return slot;
  }

  public double readTemperatureCelsius() throws DeviceException {
    return reach(postBox::readTemperatureCelsius);
  }

  public double readPowerWatts() throws DeviceException {
    return reach(postBox::readPowerWatts);
  }

  public double readTemperatureMargin() throws DeviceException {
    return reach(postBox::readTemperatureMargin);
  }

  /** Who the GPU is (SMBPBI GET_SYS_ID_DATA): read once when it is found, never polled. */
  public GpuIdentity readIdentity() throws DeviceException {
    return reach(postBox::readIdentity);
  }

  /** Temperature and power with one mux selection: {@code [°C, W]}. */
  public double[] readTemperatureAndPower() throws DeviceException {
    return reach(() -> new double[] {postBox.readTemperatureCelsius(), postBox.readPowerWatts()});
  }

  private <T> T reach(DeviceAction<T> action) throws DeviceException {
    return mux.isPresent() ? mux.get().onChannel(channel, action) : action.run();
  }
}
