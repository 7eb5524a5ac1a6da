package io.gpuchassis.sensor.device.pmbus;

import io.gpuchassis.sensor.i2c.DeviceAction;
import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.SmbusDevice;
import java.util.OptionalInt;

/**
 * A PMBus power supply (CRPS-class, addresses 0x58-0x5F) read through its standard READ_* commands.
 * Values are LINEAR11 except READ_VOUT, which is LINEAR16 with the exponent from VOUT_MODE (read
 * once per driver and cached).
 *
 * <p>For a multi-page supply the driver is bound to one page: it writes PAGE before every paged
 * command inside one bus-locked section, so another thread cannot switch the page in between
 * (reference §3.3). A single-page supply is driven without PAGE writes.
 *
 * <p>Thread-safety: safe. Methods block for two or three transfers; {@link #read()} for about ten.
 */
public final class PmbusPowerSupply {

  private final SmbusDevice device;
  private final OptionalInt page;
  private volatile int voutMode = -1;

  /** A single-page supply. */
  public PmbusPowerSupply(SmbusDevice device) {
    this.device = device;
    this.page = OptionalInt.empty();
  }

  /** One page (rail) of a multi-page supply. */
  public PmbusPowerSupply(SmbusDevice device, int page) {
    if (page < 0 || page > 0x1F) {
      throw new IllegalArgumentException("PMBus page must be 0-31: " + page);
    }
    this.device = device;
    this.page = OptionalInt.of(page);
  }

  public double readInputVolts() throws DeviceException {
    return linear11(PmbusCommand.READ_VIN);
  }

  public double readOutputVolts() throws DeviceException {
    return paged(
        () ->
            PmbusFormats.linear16(
                device.readWordLittleEndian(PmbusCommand.READ_VOUT), voutModeLocked()));
  }

  public double readOutputAmps() throws DeviceException {
    return linear11(PmbusCommand.READ_IOUT);
  }

  public double readOutputWatts() throws DeviceException {
    return linear11(PmbusCommand.READ_POUT);
  }

  public double readTemperatureCelsius() throws DeviceException {
    return linear11(PmbusCommand.READ_TEMPERATURE_1);
  }

  public double readFanRpm() throws DeviceException {
    return linear11(PmbusCommand.READ_FAN_SPEED_1);
  }

  /**
   * The supply's firmware revision, MFR_REVISION as the maker wrote it (ASCII, e.g. {@code "A03"}
   * or {@code "01.02"}): global to the device, not paged.
   */
  public String readRevision() throws DeviceException {
    return readText(PmbusCommand.MFR_REVISION, "MFR_REVISION");
  }

  /** The supply's serial number, MFR_SERIAL as the maker wrote it (ASCII): global, not paged. */
  public String readSerialNumber() throws DeviceException {
    return readText(PmbusCommand.MFR_SERIAL, "MFR_SERIAL");
  }

  /** The supply's maker, MFR_ID as it wrote it (ASCII): global to the device, not paged. */
  public String readManufacturer() throws DeviceException {
    return readText(PmbusCommand.MFR_ID, "MFR_ID");
  }

  /**
   * An MFR_* block: printable ASCII, without the NUL, space or 0xFF padding makers put after it.
   */
  private String readText(int command, String name) throws DeviceException {
    byte[] text = device.readBlockUpTo(command, 32);
    int end = text.length;
    while (end > 0
        && (text[end - 1] == 0 || text[end - 1] == ' ' || text[end - 1] == (byte) 0xFF)) {
      end--;
    }
    for (int i = 0; i < end; i++) {
      if (text[i] < 0x20 || text[i] > 0x7E) {
        throw new DeviceException(
            device + ": " + name + " holds a byte that is not printable ASCII");
      }
    }
    return new String(text, 0, end, java.nio.charset.StandardCharsets.US_ASCII);
  }

  public PmbusStatusWord readStatusWord() throws DeviceException {
    return paged(() -> new PmbusStatusWord(device.readWordLittleEndian(PmbusCommand.STATUS_WORD)));
  }

  /** Clears the latched fault bits; bits whose cause persists latch again. */
  public void clearFaults() throws DeviceException {
    paged(
        () -> {
          device.sendByte(PmbusCommand.CLEAR_FAULTS);
          return null;
        });
  }

  /** All telemetry in one bus-locked section with a single PAGE write. */
  public PsuReading read() throws DeviceException {
    return paged(
        () ->
            new PsuReading(
                PmbusFormats.linear11(device.readWordLittleEndian(PmbusCommand.READ_VIN)),
                PmbusFormats.linear16(
                    device.readWordLittleEndian(PmbusCommand.READ_VOUT), voutModeLocked()),
                PmbusFormats.linear11(device.readWordLittleEndian(PmbusCommand.READ_IOUT)),
                PmbusFormats.linear11(device.readWordLittleEndian(PmbusCommand.READ_POUT)),
                PmbusFormats.linear11(device.readWordLittleEndian(PmbusCommand.READ_TEMPERATURE_1)),
                PmbusFormats.linear11(device.readWordLittleEndian(PmbusCommand.READ_FAN_SPEED_1)),
                new PmbusStatusWord(device.readWordLittleEndian(PmbusCommand.STATUS_WORD))));
  }

  private double linear11(int command) throws DeviceException {
    return paged(() -> PmbusFormats.linear11(device.readWordLittleEndian(command)));
  }

  /** Must run inside {@link #paged}: reads VOUT_MODE of the selected page once. */
  private int voutModeLocked() throws DeviceException {
    int mode = voutMode;
    if (mode < 0) {
      mode = device.readByte(PmbusCommand.VOUT_MODE);
      try {
        PmbusFormats.voutModeExponent(mode);
      } catch (IllegalArgumentException e) {
        throw new DeviceException(device + ": " + e.getMessage(), e);
      }
      voutMode = mode;
    }
    return mode;
  }

  private <T> T paged(DeviceAction<T> action) throws DeviceException {
    if (page.isEmpty()) {
      return device.atomically(action);
    }
    return device.atomically(
        () -> {
          device.writeByte(PmbusCommand.PAGE, page.getAsInt());
          return action.run();
        });
  }
}
