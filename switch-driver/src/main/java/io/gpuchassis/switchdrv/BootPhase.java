package io.gpuchassis.switchdrv;

/** Boot phase reported by I2C_TWI_PING (dev_info bits 7:0). */
public enum BootPhase {
  BL1,
  BL2,
  MAIN_FIRMWARE,
  UNKNOWN;

  static BootPhase fromCode(int code) {
    switch (code) {
      case 1:
        return BL1;
      case 2:
        return BL2;
      case 3:
        return MAIN_FIRMWARE;
      default:
        return UNKNOWN;
    }
  }

  /** Decodes the boot-phase byte of a PING answer. */
  public static BootPhase of(int code) {
    return fromCode(code);
  }
}
