package io.gpuchassis.sensor.device.gpu;

/**
 * The GET_SYS_ID_DATA (opcode 0x05) types this agent reads: ARG1 code, field size in bytes and the
 * GET_CAP_DWORD bit that announces the type (NVIDIA {@code smbpbi.h}, open-gpu-kernel-modules, 2023
 * revision: sys-id types 0x00-0x17, capability dwords 0-5).
 *
 * <p>A field is returned four bytes per request: ARG2 is the dword index (byte offset / 4) and the
 * data register holds the next four bytes of the field, least significant byte first, so a string's
 * first character is the low byte of dword 0. Bytes of the last dword past the field size carry
 * nothing. The header uses neither the extended data register nor the copy-data bit (command bit
 * 30) for this opcode.
 */
public enum SysIdDataType {
  SERIAL_NUMBER(0x02, 16, 1, 2),
  MARKETING_NAME(0x03, 24, 1, 3),
  /** The VBIOS version, e.g. {@code 96.00.30.00.01}. */
  FIRMWARE_VERSION(0x08, 14, 1, 8),
  VENDOR_ID(0x09, 2, 1, 9),
  DEVICE_ID(0x0A, 2, 1, 10),
  SUBSYSTEM_VENDOR_ID(0x0B, 2, 1, 11),
  SUBSYSTEM_ID(0x0C, 2, 1, 12),
  /** The highest PCIe link speed, numbered like the generations (1 = 2.5 GT/s ... 5 = 32 GT/s). */
  PCIE_SPEED(0x12, 1, 2, 9),
  /** The widest PCIe link, in lanes. */
  PCIE_WIDTH(0x13, 1, 2, 10),
  /**
   * Total graphics power limit, in milliwatts (the unit of GET_POWER and of the header's TGP limit
   * requests).
   */
  TGP_LIMIT(0x14, 4, 2, 11),
  /** Memory capacity; the header gives no unit, public SMBPBI tools print it in MiB. */
  MAX_DRAM_CAPACITY(0x17, 4, 4, 31);

  /** The highest type code the header defines; a GPU answers ERR_ARG1 beyond it. */
  public static final int LAST_DEFINED_TYPE = 0x17;

  private final int arg1;
  private final int size;
  private final int capabilityPage;
  private final int capabilityBit;

  SysIdDataType(int arg1, int size, int capabilityPage, int capabilityBit) {
    this.arg1 = arg1;
    this.size = size;
    this.capabilityPage = capabilityPage;
    this.capabilityBit = capabilityBit;
  }

  /** The type code, sent as ARG1. */
  public int arg1() {
    return arg1;
  }

  /** Field size in bytes. */
  public int size() {
    return size;
  }

  /** Requests needed for the whole field: one per dword. */
  public int dwords() {
    return (size + 3) / 4;
  }

  /** GET_CAP_DWORD page whose bit announces this type. */
  public int capabilityPage() {
    return capabilityPage;
  }

  /** The announcing bit in {@link #capabilityPage()}. */
  public int capabilityMask() {
    return 1 << capabilityBit;
  }

  public boolean announcedIn(int capabilityDword) {
    return (capabilityDword & capabilityMask()) != 0;
  }

  /** The type with ARG1 code {@code arg1}, or null when this agent does not read it. */
  public static SysIdDataType ofArg1(int arg1) {
    for (SysIdDataType t : values()) {
      if (t.arg1 == arg1) {
        return t;
      }
    }
    return null;
  }
}
