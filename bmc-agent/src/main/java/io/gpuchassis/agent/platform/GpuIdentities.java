package io.gpuchassis.agent.platform;

import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.sensor.device.gpu.GpuIdentity;

/** A GPU as its sideband identifies it (SMBPBI), and as the agent's chassis model holds it. */
public final class GpuIdentities {

  private GpuIdentities() {}

  /**
   * The model's GPU from what the GPU said about itself. What it did not say stays unknown (0 or
   * blank), except its PCIe capability, which is then taken to be the slot's: the link trains at
   * whatever the slot offers.
   */
  public static Gpu toGpu(GpuIdentity id, Slot slot) {
    return new Gpu(
        id.model(),
        id.vendorId(),
        id.deviceId(),
        id.subsystemVendorId(),
        id.subsystemId(),
        id.serialNumber(),
        id.memoryGiB().orElse(0),
        (int) Math.round(id.powerLimitWatts().orElse(0)),
        id.firmwareVersion().orElse(""),
        id.maxPcieGeneration().orElse(slot.pcieGeneration()),
        id.maxPcieWidth().orElse(slot.lanes()));
  }

  /** What a simulated GPU answers over its sideband, to be this GPU. */
  public static GpuIdentity ofGpu(Gpu gpu) {
    return GpuIdentity.of(
            gpu.model(),
            gpu.serialNumber(),
            gpu.vendorId(),
            gpu.deviceId(),
            gpu.subsystemVendorId(),
            gpu.subsystemId())
        .withFirmwareVersion(gpu.firmwareVersion())
        .withMemoryGiB(gpu.memoryGiB())
        .withPowerLimitWatts(gpu.tdpWatts())
        .withPcie(gpu.maxPcieGeneration(), gpu.maxLanes());
  }
}
