package io.gpuchassis.sensor.device.gpu;

/**
 * The SMBPBI command dword: bits 7:0 opcode, 15:8 ARG1, 23:16 ARG2, 28:24 STATUS, 31 INTR (set by
 * the requester to submit; NVIDIA {@code smbpbi.h}).
 *
 * <p>Pure functions; thread-safe.
 */
public final class SmbpbiCommand {

  public static final int OPCODE_NULL = 0x00;
  public static final int OPCODE_GET_CAP_DWORD = 0x01;
  public static final int OPCODE_GET_TEMP = 0x02;

  /** Like GET_TEMP with 8 fractional bits (signed 24.8 fixed point). */
  public static final int OPCODE_GET_EXT_TEMP = 0x03;

  /** ARG1 0 = total board power, in milliwatts. */
  public static final int OPCODE_GET_POWER = 0x04;

  /** ARG1 = {@link SysIdDataType} code, ARG2 = dword index into the field. */
  public static final int OPCODE_GET_SYS_ID_DATA = 0x05;

  public static final int ARG1_TEMP_GPU = 0x00;
  public static final int ARG1_TEMP_T_LIMIT_MARGIN = 0x07;
  public static final int ARG1_POWER_TOTAL = 0x00;

  /** Capability dword 0, bit 0: GPU temperature available. */
  public static final int CAP0_TEMP_GPU = 1;

  /** Capability dword 0, bit 7: T_LIMIT margin available. */
  public static final int CAP0_TEMP_T_LIMIT = 1 << 7;

  /** Capability dword 0, bits 11:8: fractional bits of GET_EXT_TEMP (8 = SFXP24.8). */
  public static final int CAP0_EXT_TEMP_BITS_SHIFT = 8;

  /** Capability dword 0, bit 16: total power available. */
  public static final int CAP0_POWER_TOTAL = 1 << 16;

  public static final int INTR = 1 << 31;

  private SmbpbiCommand() {}

  /** The dword to write to submit a request. */
  public static int encode(int opcode, int arg1, int arg2) {
    return INTR | ((arg2 & 0xFF) << 16) | ((arg1 & 0xFF) << 8) | (opcode & 0xFF);
  }

  public static int opcode(int command) {
    return command & 0xFF;
  }

  public static int arg1(int command) {
    return (command >> 8) & 0xFF;
  }

  public static int arg2(int command) {
    return (command >> 16) & 0xFF;
  }

  public static SmbpbiStatus status(int command) {
    return SmbpbiStatus.of((command >> 24) & 0x1F);
  }

  /**
   * The command dword with its STATUS field replaced and INTR cleared, as the GPU leaves it on
   * completion.
   */
  public static int complete(int command, SmbpbiStatus status) {
    return (command & 0x00FF_FFFF) | ((status.code() & 0x1F) << 24);
  }
}
