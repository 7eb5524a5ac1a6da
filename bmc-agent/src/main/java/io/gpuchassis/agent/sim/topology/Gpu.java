package io.gpuchassis.agent.sim.topology;

import java.util.Objects;

/**
 * A GPU that the simulation puts into a slot.
 *
 * <p>Its temperature and power sensors are implied: every GPU reports them, so the topology
 * file does not list them separately.
 *
 * @param model model name, e.g. {@code "NVIDIA H100 PCIe"}
 * @param manufacturer maker, e.g. {@code "NVIDIA"}
 * @param vendorId PCI vendor ID (16 bit), e.g. 0x10de
 * @param deviceId PCI device ID (16 bit), e.g. 0x2331
 * @param subsystemVendorId PCI subsystem vendor ID (16 bit)
 * @param subsystemId PCI subsystem (device) ID (16 bit)
 * @param serialNumber board serial number, unique in the chassis
 * @param memoryGiB on-board memory in GiB
 * @param tdpWatts thermal design power in watts
 * @param firmwareVersion VBIOS version
 * @param maxGen highest PCIe generation the GPU supports (1..6)
 * @param maxWidth widest PCIe link the GPU supports: 1, 2, 4, 8 or 16
 */
public record Gpu(
    String model,
    String manufacturer,
    int vendorId,
    int deviceId,
    int subsystemVendorId,
    int subsystemId,
    String serialNumber,
    int memoryGiB,
    int tdpWatts,
    String firmwareVersion,
    int maxGen,
    int maxWidth) {

  public Gpu {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(manufacturer, "manufacturer");
    Objects.requireNonNull(serialNumber, "serialNumber");
    Objects.requireNonNull(firmwareVersion, "firmwareVersion");
  }
}
