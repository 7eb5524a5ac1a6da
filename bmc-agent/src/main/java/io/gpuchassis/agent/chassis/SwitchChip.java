package io.gpuchassis.agent.chassis;

/** A PCIe switch chip of the chassis fabric. */
public record SwitchChip(
    String id,
    String vendor,
    String model,
    int vendorId,
    int deviceId,
    String serialNumber,
    String firmwareVersion,
    int lanes,
    int ports) {}
