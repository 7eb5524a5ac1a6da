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
   * Another card of the same model and rating for the same slot, as a technician swaps in: its
   * serial number has the four characters before the last two replaced by {@code 9999} (by {@code
   * 8888} where they were {@code 9999} already), so {@code 1654123000101} becomes {@code
   * 1654123999901}; a serial of fewer than six characters gets {@code R} appended.
   */
  public SimulatedGpu another() {
    String serial = identity.serialNumber();
    int n = serial.length();
    String other =
        n < 6 ? serial + "R" : serial.substring(0, n - 6) + "9999" + serial.substring(n - 2);
    if (other.equals(serial)) {
      other = serial.substring(0, n - 6) + "8888" + serial.substring(n - 2);
    }
    GpuIdentity id = identity;
    return new SimulatedGpu(
        slot,
        tdpWatts,
        new GpuIdentity(
            id.model(),
            other,
            id.vendorId(),
            id.deviceId(),
            id.subsystemVendorId(),
            id.subsystemId(),
            id.firmwareVersion(),
            id.memoryGiB(),
            id.powerLimitWatts(),
            id.maxPcieGeneration(),
            id.maxPcieWidth()));
  }

  /**
   * The post-box of this GPU, named {@code GPU<slot>} like the board's devices, answering with
   * {@link #identity}.
   */
  public SimSmbpbiGpu newSmbpbiGpu(double slowdownLimitCelsius) {
    return new SimSmbpbiGpu("GPU" + slot, slowdownLimitCelsius, identity);
  }
}
