package io.gpuchassis.switchdrv.expether;

/**
 * The PCIe identity of the device behind an I/O engine, which a 40G engine reports.
 *
 * @param vendorId the function's vendor ID
 * @param deviceId the function's device ID
 * @param classCode the 24-bit class code (base class, sub-class, programming interface)
 */
public record EemPcieIds(int vendorId, int deviceId, int classCode) {

  /** PCI base class of display controllers, which is how the manager's clients tell a GPU. */
  public static final int BASE_CLASS_DISPLAY = 0x03;

  public int baseClass() {
    return (classCode >> 16) & 0xff;
  }

  public boolean isGpu() {
    return baseClass() == BASE_CLASS_DISPLAY;
  }
}
