package io.gpuchassis.sensor.device.fru;

import io.gpuchassis.sensor.i2c.DeviceException;

/**
 * The FRU EEPROM was read, but its contents are not usable FRU information: blank, corrupt or in a
 * form this parser does not read. The bytes themselves arrived; a failed transfer is a {@link
 * io.gpuchassis.sensor.i2c.DeviceIoException} instead.
 */
public class FruFormatException extends DeviceException {

  /** What is wrong with the contents. */
  public enum Problem {
    /** Never programmed: the common header is all 0xFF (erased) or all 0x00. */
    BLANK,
    /** The common header or an area does not sum to zero: corrupted. */
    BAD_CHECKSUM,
    /** A format version or field encoding this parser does not read. */
    UNSUPPORTED,
    /** Offsets, lengths or fields that do not fit together. */
    MALFORMED
  }

  private final Problem problem;

  public FruFormatException(Problem problem, String message) {
    super(message);
    this.problem = problem;
  }

  public Problem problem() {
    return problem;
  }
}
