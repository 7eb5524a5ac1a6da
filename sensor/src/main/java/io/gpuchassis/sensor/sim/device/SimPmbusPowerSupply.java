package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.pmbus.PmbusCommand;
import io.gpuchassis.sensor.device.pmbus.PmbusFormats;
import io.gpuchassis.sensor.device.pmbus.PmbusStatusFlag;
import io.gpuchassis.sensor.sim.bus.TargetKind;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A CRPS-class PMBus supply with one register map per page (page 0 the 12 V main output, page 1 the
 * 12 V standby rail), little-endian words, LINEAR11 telemetry and LINEAR16 READ_VOUT with VOUT_MODE
 * 0x17 (exponent -9). PAGE itself is global. Status bits latch until CLEAR_FAULTS; a fault whose
 * cause persists latches again at once. An SMBus command device ({@link TargetKind#SMBUS_COMMAND}):
 * a read is answered only as the repeated-start half of its command's transaction.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimPmbusPowerSupply extends PointerDevice {

  public static final int VOUT_MODE = 0x17;
  public static final int PAGES = 2;

  private final RegisterMap global = new RegisterMap(ByteOrder.LITTLE_ENDIAN);
  private final RegisterMap[] pages = new RegisterMap[PAGES];
  private boolean failed;
  private final int[] latchedStatus = new int[PAGES];

  /** The firmware revision a simulated supply reports in MFR_REVISION. */
  public static final String REVISION = "A03";

  /** The maker a simulated supply reports in MFR_ID. */
  public static final String MANUFACTURER = "SIMPSU";

  /** The serial number the simulated supply {@code name} reports in MFR_SERIAL. */
  public static String serialNumberOf(String name) {
    return "SIMPSU-" + name;
  }

  public SimPmbusPowerSupply(String name, String model) {
    super(name);
    global
        .define(PmbusCommand.PAGE, 1, true, 0)
        .define(PmbusCommand.CLEAR_FAULTS, 1, false, 0)
        .define(PmbusCommand.CAPABILITY, 1, false, 0x20) // 400 kHz, no PEC
        .define(PmbusCommand.PMBUS_REVISION, 1, false, 0x22)
        .defineBlock(PmbusCommand.MFR_ID, 6, false, ascii(MANUFACTURER, 6))
        .defineBlock(PmbusCommand.MFR_MODEL, 12, false, ascii(model, 12))
        .defineBlock(PmbusCommand.MFR_REVISION, 3, false, ascii(REVISION, 3))
        .defineBlock(PmbusCommand.MFR_SERIAL, 16, false, ascii(serialNumberOf(name), 16));
    for (int p = 0; p < PAGES; p++) {
      pages[p] =
          new RegisterMap(ByteOrder.LITTLE_ENDIAN)
              .define(PmbusCommand.OPERATION, 1, true, 0x80)
              .define(PmbusCommand.VOUT_MODE, 1, false, VOUT_MODE)
              .define(PmbusCommand.STATUS_BYTE, 1, false, 0)
              .define(PmbusCommand.STATUS_WORD, 2, false, 0)
              .define(PmbusCommand.STATUS_VOUT, 1, false, 0)
              .define(PmbusCommand.STATUS_IOUT, 1, false, 0)
              .define(PmbusCommand.STATUS_INPUT, 1, false, 0)
              .define(PmbusCommand.STATUS_TEMPERATURE, 1, false, 0)
              .define(PmbusCommand.STATUS_CML, 1, false, 0)
              .define(PmbusCommand.STATUS_FANS_1_2, 1, false, 0)
              .define(PmbusCommand.READ_VIN, 2, false, 0)
              .define(PmbusCommand.READ_IIN, 2, false, 0)
              .define(PmbusCommand.READ_VOUT, 2, false, 0)
              .define(PmbusCommand.READ_IOUT, 2, false, 0)
              .define(PmbusCommand.READ_TEMPERATURE_1, 2, false, 0)
              .define(PmbusCommand.READ_FAN_SPEED_1, 2, false, 0)
              .define(PmbusCommand.READ_POUT, 2, false, 0)
              .define(PmbusCommand.READ_PIN, 2, false, 0);
    }
    setOutput(0, 230.0, 12.0, 0.0, 25.0, 0.0);
    setOutput(1, 230.0, 12.0, 0.0, 25.0, 0.0);
  }

  /** A PMBus device answers a read only within the transaction that carried the command code. */
  @Override
  public TargetKind kind() {
    return TargetKind.SMBUS_COMMAND;
  }

  @Override
  protected RegisterMap mapFor(int register) {
    return global.has(register) ? global : pages[page()];
  }

  @Override
  protected void registerWritten(int register) {
    if (register == PmbusCommand.PAGE && page() >= PAGES) {
      global.set(PmbusCommand.PAGE, 0);
      cmlFault();
    }
  }

  @Override
  protected void pointerWritten(int register) {
    if (register == PmbusCommand.CLEAR_FAULTS) {
      Arrays.fill(latchedStatus, 0);
      updateStatus();
    }
  }

  /**
   * Physics input for one page: what the rail delivers (ignored while frozen). A failed supply
   * reports 0 V / 0 A / 0 W output whatever is set here.
   */
  public synchronized void setOutput(
      int page,
      double inputVolts,
      double outputVolts,
      double outputAmps,
      double temperatureCelsius,
      double fanRpm) {
    if (frozen()) {
      return;
    }
    RegisterMap map = pages[page];
    double vout = failed ? 0.0 : outputVolts;
    double iout = failed ? 0.0 : outputAmps;
    double pout = vout * iout;
    double efficiency = 0.94;
    double pin = pout / efficiency + (failed ? 0.0 : 15.0);
    map.set(PmbusCommand.READ_VIN, PmbusFormats.toLinear11(inputVolts));
    map.set(
        PmbusCommand.READ_IIN, PmbusFormats.toLinear11(inputVolts > 0 ? pin / inputVolts : 0.0));
    map.set(PmbusCommand.READ_VOUT, PmbusFormats.toLinear16(vout, VOUT_MODE));
    map.set(PmbusCommand.READ_IOUT, PmbusFormats.toLinear11(iout));
    map.set(PmbusCommand.READ_POUT, PmbusFormats.toLinear11(pout));
    map.set(PmbusCommand.READ_PIN, PmbusFormats.toLinear11(pin));
    map.set(PmbusCommand.READ_TEMPERATURE_1, PmbusFormats.toLinear11(temperatureCelsius));
    map.set(PmbusCommand.READ_FAN_SPEED_1, PmbusFormats.toLinear11(fanRpm));
  }

  /** Internal fault: output off, STATUS_WORD shows VOUT, POWER_GOOD# and OFF (latched). */
  public synchronized void setFailed(boolean failed) {
    this.failed = failed;
    if (failed) {
      for (int p = 0; p < PAGES; p++) {
        RegisterMap map = pages[p];
        map.set(PmbusCommand.READ_VOUT, 0);
        map.set(PmbusCommand.READ_IOUT, PmbusFormats.toLinear11(0.0));
        map.set(PmbusCommand.READ_POUT, PmbusFormats.toLinear11(0.0));
      }
    }
    updateStatus();
  }

  public synchronized boolean failed() {
    return failed;
  }

  /** Clears latched status as a fresh (replaced) supply would come up. */
  public synchronized void resetStatus() {
    Arrays.fill(latchedStatus, 0);
    updateStatus();
  }

  public synchronized int statusWord(int page) {
    return pages[page].get(PmbusCommand.STATUS_WORD);
  }

  private int page() {
    return global.get(PmbusCommand.PAGE);
  }

  private void cmlFault() {
    for (int p = 0; p < PAGES; p++) {
      latchedStatus[p] |= PmbusStatusFlag.CML.mask();
      pages[p].set(
          PmbusCommand.STATUS_CML, pages[p].get(PmbusCommand.STATUS_CML) | 0x40); // invalid data
    }
    updateStatus();
  }

  private void updateStatus() {
    int active =
        failed
            ? PmbusStatusFlag.VOUT.mask()
                | PmbusStatusFlag.POWER_GOOD_NEGATED.mask()
                | PmbusStatusFlag.OFF.mask()
            : 0;
    for (int p = 0; p < PAGES; p++) {
      latchedStatus[p] |= active;
      int word = latchedStatus[p];
      RegisterMap map = pages[p];
      map.set(PmbusCommand.STATUS_WORD, word);
      map.set(PmbusCommand.STATUS_BYTE, word & 0xFF);
      map.set(PmbusCommand.STATUS_VOUT, failed ? 0x10 : 0x00); // VOUT_UV_FAULT
      if ((word & PmbusStatusFlag.CML.mask()) == 0) {
        map.set(PmbusCommand.STATUS_CML, 0);
      }
    }
  }

  private static byte[] ascii(String text, int length) {
    byte[] out = new byte[length];
    Arrays.fill(out, (byte) ' ');
    byte[] b = text.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(b, 0, out, 0, Math.min(length, b.length));
    return out;
  }
}
