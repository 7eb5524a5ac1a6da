package io.gpuchassis.agent.chassis;

/** A GPU seated in a slot, as identified over PCIe configuration space and its sideband. */
public record Gpu(
    String model,
    int vendorId,
    int deviceId,
    int subsystemVendorId,
    int subsystemId,
    String serialNumber,
    int memoryGiB,
    int tdpWatts,
    String firmwareVersion,
    int maxPcieGeneration,
    int maxLanes) {}
