package io.gpuchassis.agent.chassis;

/**
 * A PCIe switch chip of the chassis fabric, as the board is designed: the part (maker, model, PCI
 * IDs, lanes) and how many ports it has. What only the chip itself can say (serial number, running
 * firmware) is in its {@link SwitchObservation}.
 */
public record SwitchChip(
    String id, String vendor, String model, int vendorId, int deviceId, int lanes, int ports) {}
