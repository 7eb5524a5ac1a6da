package io.gpuchassis.switchdrv;

/**
 * Flash partition types. All but NVLOG come in A/B copies. The image metadata {@code type} code
 * depends on the generation (reference §2.8): Gen4/Gen6 0 MAP, 1 KEY, 2 BL2, 3 CFG, 4 IMG, 5 NVLOG;
 * Gen5 inserts 2 RIOT and shifts the rest by one; Gen6 adds 6 CERT and 7 DBG (debug token)
 * (switchtec-user lib/fw.c enum switchtec_fw_part_type_gen6).
 */
public enum FirmwareType {
  MAP,
  KEY,
  RIOT,
  BL2,
  CFG,
  IMG,
  NVLOG,
  CERT,
  DBG;

  /** The image metadata type code on {@code gen}, or -1 when the type does not exist there. */
  public int imageTypeCode(Generation gen) {
    if (gen == Generation.GEN5) {
      return ordinal() <= NVLOG.ordinal() ? ordinal() : -1;
    }
    if (gen != Generation.GEN6 && (this == CERT || this == DBG)) {
      return -1;
    }
    switch (this) {
      case MAP:
        return 0;
      case KEY:
        return 1;
      case BL2:
        return 2;
      case CFG:
        return 3;
      case IMG:
        return 4;
      case NVLOG:
        return 5;
      case CERT:
        return 6;
      case DBG:
        return 7;
      default:
        return -1;
    }
  }

  /** Maps a metadata type code of {@code gen} back to a type. */
  public static FirmwareType fromImageTypeCode(int code, Generation gen) {
    for (FirmwareType t : values()) {
      if (t.imageTypeCode(gen) == code) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown image type " + code + " on " + gen);
  }
}
