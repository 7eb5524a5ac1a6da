package io.gpuchassis.sensor.sim;

import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;
import java.util.Objects;

/**
 * A GPU the simulation puts in a slot.
 *
 * @param slot slot number (must exist in the layout)
 * @param tdpWatts thermal design power
 * @param identity what the GPU reports over SMBPBI GET_SYS_ID_DATA
 */
public record SimulatedGpu(int slot, int tdpWatts, GpuIdentity identity) {

  public SimulatedGpu {
    if (tdpWatts < 1) {
      throw new IllegalArgumentException("slot " + slot + ": TDP must be positive");
    }
    Objects.requireNonNull(identity, "identity");
  }

  /** A GPU with {@link #defaultIdentity}. */
  public SimulatedGpu(int slot, int tdpWatts) {
    this(slot, tdpWatts, defaultIdentity(slot, tdpWatts));
  }

  /**
   * The reference H100 PCIe ({@link SimSmbpbiGpu#referenceIdentity}) with serial number {@code
   * SIM-GPU<slot>}, the serial a {@code new SimSmbpbiGpu("GPU<slot>", ...)} reports too, and the
   * TDP as power limit.
   */
  public static GpuIdentity defaultIdentity(int slot, int tdpWatts) {
    return SimSmbpbiGpu.referenceIdentity(SimSmbpbiGpu.serialFor("GPU" + slot))
        .withPowerLimitWatts(tdpWatts);
  }

  /**
   * The post-box of this GPU, named {@code GPU<slot>} like the board's devices, answering with
   * {@link #identity}.
   */
  public SimSmbpbiGpu newSmbpbiGpu(double slowdownLimitCelsius) {
    return new SimSmbpbiGpu("GPU" + slot, slowdownLimitCelsius, identity);
  }
}
