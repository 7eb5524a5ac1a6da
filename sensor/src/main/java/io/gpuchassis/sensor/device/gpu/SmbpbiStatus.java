package io.gpuchassis.sensor.device.gpu;

/** The STATUS field (bits 28:24) of the SMBPBI command register (NVIDIA {@code smbpbi.h}). */
public enum SmbpbiStatus {
  NULL(0x00),
  ERR_REQUEST(0x01),
  ERR_OPCODE(0x02),
  ERR_ARG1(0x03),
  ERR_ARG2(0x04),
  ERR_DATA(0x05),
  ERR_MISC(0x06),
  ERR_I2C_ACCESS(0x07),
  ERR_NOT_SUPPORTED(0x08),
  ERR_NOT_AVAILABLE(0x09),
  ERR_BUSY(0x0A),
  ERR_AGAIN(0x0B),
  ERR_SENSOR_DATA(0x0C),
  ERR_DISPOSITION(0x0D),
  PARTIAL_FAILURE(0x1B),
  ACCEPTED(0x1C),
  INACTIVE(0x1D),
  READY(0x1E),
  SUCCESS(0x1F),
  /** A code this driver does not know. */
  UNKNOWN(-1);

  private final int code;

  SmbpbiStatus(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  public static SmbpbiStatus of(int code) {
    for (SmbpbiStatus s : values()) {
      if (s.code == code) {
        return s;
      }
    }
    return UNKNOWN;
  }
}
