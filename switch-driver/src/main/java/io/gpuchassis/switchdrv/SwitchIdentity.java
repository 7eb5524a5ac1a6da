package io.gpuchassis.switchdrv;

/**
 * Who the switch chip is, as read from its system-info registers and its PING answer.
 *
 * @param vendorId PCI vendor ID of the management endpoint (0x11F8 for Microchip Switchtec)
 * @param deviceId PCI device ID, e.g. 0x6260 for a PFX 160-lane Gen6
 * @param generation silicon generation decoded from the device ID
 * @param variant part family decoded from the device ID, e.g. "PFX", "PSX", "PAX"
 * @param lanes lane count decoded from the device ID
 * @param deviceVersion the device_version register
 * @param serialNumber chip serial number (sys_info serial, 64 bits; 0 on Gen3, which keeps none
 *     there)
 * @param firmwareVersion the running main firmware version
 * @param bootPhase BL1/BL2/main firmware, from PING (main firmware when PING is an invalid command,
 *     as on Gen3)
 * @param revision silicon revision nibble from PING (0x0F RevA, 0x0E RevA.1, 0 RevB, 1 RevC), 0xFF
 *     when the part has no PING (Gen3)
 * @param productId the product_id string, trimmed
 */
public record SwitchIdentity(
    int vendorId,
    int deviceId,
    Generation generation,
    String variant,
    int lanes,
    int deviceVersion,
    long serialNumber,
    FirmwareVersion firmwareVersion,
    BootPhase bootPhase,
    int revision,
    String productId) {}
