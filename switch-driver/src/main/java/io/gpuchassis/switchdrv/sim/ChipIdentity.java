package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareVersion;

/**
 * Identity of a simulated chip.
 *
 * @param vendorId PCI vendor ID (0x11F8 for Microchip)
 * @param deviceId PCI device ID, e.g. 0x6260 (PFX 160-lane Gen6); decides the generation
 * @param serialNumber chip serial number
 * @param firmwareVersion version of the main firmware image in flash at first boot
 * @param productId product string, e.g. "PFX 160xG6"
 * @param revision silicon revision nibble reported by PING (0 = RevB)
 */
public record ChipIdentity(
    int vendorId,
    int deviceId,
    long serialNumber,
    FirmwareVersion firmwareVersion,
    String productId,
    int revision) {

  /**
   * A Microchip Switchtec PFX 160xG6 (0x11f8:0x6260) with the given serial and firmware "9.20
   * B04A".
   */
  public static ChipIdentity pfx160Gen6(long serialNumber) {
    return new ChipIdentity(
        0x11F8, 0x6260, serialNumber, FirmwareVersion.parse("9.20 B04A"), "PFX 160xG6", 0);
  }
}
