package io.gpuchassis.sensor.device.pmbus;

/** PMBus command codes used by the driver and the simulated supply (PMBus Part II, Appendix I). */
public final class PmbusCommand {

  public static final int PAGE = 0x00;
  public static final int OPERATION = 0x01;
  public static final int CLEAR_FAULTS = 0x03;
  public static final int CAPABILITY = 0x19;
  public static final int VOUT_MODE = 0x20;
  public static final int STATUS_BYTE = 0x78;
  public static final int STATUS_WORD = 0x79;
  public static final int STATUS_VOUT = 0x7A;
  public static final int STATUS_IOUT = 0x7B;
  public static final int STATUS_INPUT = 0x7C;
  public static final int STATUS_TEMPERATURE = 0x7D;
  public static final int STATUS_CML = 0x7E;
  public static final int STATUS_FANS_1_2 = 0x81;
  public static final int READ_VIN = 0x88;
  public static final int READ_IIN = 0x89;
  public static final int READ_VOUT = 0x8B;
  public static final int READ_IOUT = 0x8C;
  public static final int READ_TEMPERATURE_1 = 0x8D;
  public static final int READ_FAN_SPEED_1 = 0x90;
  public static final int READ_POUT = 0x96;
  public static final int READ_PIN = 0x97;
  public static final int PMBUS_REVISION = 0x98;
  public static final int MFR_ID = 0x99;
  public static final int MFR_MODEL = 0x9A;
  public static final int MFR_REVISION = 0x9B;
  public static final int MFR_SERIAL = 0x9E;

  private PmbusCommand() {}
}
