package io.gpuchassis.switchdrv.mrpc;

/** MRPC command IDs used by the driver (reference §2.1). */
public final class CommandIds {

  public static final int VGPIO = 0x02;
  public static final int DIETEMP = 0x04;
  public static final int FWDNLD = 0x05;
  public static final int FWLOGRD = 0x06;
  public static final int PMON = 0x07;
  public static final int PORTPARTP2P = 0x0C;
  public static final int RESET = 0x1B;
  public static final int LNKSTAT = 0x1C;
  public static final int MULTI_CFG = 0x1D;
  public static final int GAS_READ = 0x29;
  public static final int PART_INFO = 0x2B;
  public static final int GAS_WRITE = 0x34;
  public static final int ECHO = 0x41;
  public static final int PORT_CONTROL = 0x8D;
  public static final int RTC = 0x14C;
  public static final int I2C_TWI_PING = 0x100;
  public static final int FW_TX_GEN4 = 0x107;
  public static final int FW_TX_GEN5 = 0x117;
  public static final int FW_TX_GEN6 = 0x122;

  private CommandIds() {}
}
