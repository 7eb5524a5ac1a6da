package io.gpuchassis.sensor.layout;

import java.util.Optional;

/**
 * Where a slot's GPU answers on SMBus (its SMBPBI post-box): directly on a bus (a plain bus, or a
 * channel of a PCA9548 owned by the kernel's {@code i2c-mux-pca954x}, which is a bus number of its
 * own), or behind a channel of a PCA9548 the agent drives itself.
 *
 * @param location the GPU's address; on the mux's bus when {@code mux} is present
 * @param mux the agent-driven mux channel in front of the GPU
 */
public record GpuSidebandSpec(I2cLocation location, Optional<MuxChannel> mux) {

  public GpuSidebandSpec {
    if (location == null || mux == null) {
      throw new IllegalArgumentException("GPU sideband location missing");
    }
    if (mux.isPresent() && mux.get().mux().bus() != location.bus()) {
      throw new IllegalArgumentException(
          "the GPU at " + location + " must be on the bus of its mux " + mux.get().mux());
    }
  }

  public static GpuSidebandSpec direct(I2cLocation location) {
    return new GpuSidebandSpec(location, Optional.empty());
  }

  /** At {@code address} behind {@code channel}, on the mux's bus. */
  public static GpuSidebandSpec behind(MuxChannel channel, int address) {
    return new GpuSidebandSpec(new I2cLocation(channel.mux().bus(), address), Optional.of(channel));
  }

  @Override
  public String toString() {
    return location + mux.map(m -> " behind " + m).orElse("");
  }
}
