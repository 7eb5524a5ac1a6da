package io.gpuchassis.sensor.device.pmbus;

/**
 * The bits of STATUS_WORD (PMBus Part II §17.2). The low byte is STATUS_BYTE; the high byte says
 * which STATUS_x register has the details. All fault bits latch until CLEAR_FAULTS.
 */
public enum PmbusStatusFlag {
  NONE_OF_THE_ABOVE(0),
  /** Communication, memory or logic fault. */
  CML(1),
  TEMPERATURE(2),
  VIN_UV_FAULT(3),
  IOUT_OC_FAULT(4),
  VOUT_OV_FAULT(5),
  /** The unit is not providing power. */
  OFF(6),
  BUSY(7),
  UNKNOWN(8),
  OTHER(9),
  FANS(10),
  /** Set when the output is NOT good (the bit is POWER_GOOD#). */
  POWER_GOOD_NEGATED(11),
  MFR_SPECIFIC(12),
  INPUT(13),
  IOUT_POUT(14),
  VOUT(15);

  private final int bit;

  PmbusStatusFlag(int bit) {
    this.bit = bit;
  }

  public int bit() {
    return bit;
  }

  public int mask() {
    return 1 << bit;
  }
}
