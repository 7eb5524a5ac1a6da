package io.gpuchassis.sensor.device;

import io.gpuchassis.sensor.i2c.DeviceException;
import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;

/**
 * INA226-class current and power monitor (addresses 0x40-0x4F), big-endian registers. Bus voltage
 * LSB is 1.25 mV, shunt voltage LSB 2.5 µV; current and power come from the chip's own
 * multiplication once the calibration register holds {@code CAL = 0.00512 / (Current_LSB ×
 * R_shunt)}, with {@code Current_LSB = I_max / 2^15} and {@code Power_LSB = 25 × Current_LSB} (TI
 * INA226 data sheet, section 7.5).
 *
 * <p>After a brown-out the chip forgets its calibration and reports 0 A / 0 W. A read that sees
 * both at zero therefore checks the calibration register; if it was lost, the driver writes it
 * again and fails that read instead of reporting a false zero (reference §3.2).
 *
 * <p>Thread-safety: safe; the configuration is fixed at construction. Methods block for one to
 * three transfers.
 */
public final class Ina226PowerMonitor {

  public static final int CONFIGURATION = 0x00;
  public static final int SHUNT_VOLTAGE = 0x01;
  public static final int BUS_VOLTAGE = 0x02;
  public static final int POWER = 0x03;
  public static final int CURRENT = 0x04;
  public static final int CALIBRATION = 0x05;
  public static final int MANUFACTURER_ID = 0xFE;
  public static final int DIE_ID = 0xFF;

  /** 16 averages, 1.1 ms conversions, shunt and bus continuous: the Linux driver's default. */
  public static final int DEFAULT_CONFIGURATION = 0x4527;

  public static final double BUS_VOLTS_PER_LSB = 1.25e-3;
  public static final double SHUNT_VOLTS_PER_LSB = 2.5e-6;

  private final SmbusDevice device;
  private final double currentLsb;
  private final int calibration;

  /**
   * @param shuntOhms value of the shunt resistor
   * @param maxAmps largest current to measure; sets the current resolution
   */
  public Ina226PowerMonitor(SmbusDevice device, double shuntOhms, double maxAmps) {
    if (shuntOhms <= 0 || maxAmps <= 0) {
      throw new IllegalArgumentException("shunt and maximum current must be positive");
    }
    this.device = device;
    this.currentLsb = maxAmps / 32768.0;
    this.calibration = calibrationFor(currentLsb, shuntOhms);
  }

  /** The calibration register value for a current LSB and shunt; the register has 15 bits. */
  public static int calibrationFor(double currentLsb, double shuntOhms) {
    long cal = (long) Math.floor(0.00512 / (currentLsb * shuntOhms));
    if (cal < 1 || cal > 0x7FFF) {
      throw new IllegalArgumentException(
          "calibration " + cal + " out of range; choose another maximum current");
    }
    return (int) cal;
  }

  public int calibration() {
    return calibration;
  }

  public double currentLsbAmps() {
    return currentLsb;
  }

  /**
   * Writes configuration and calibration. Call once at start and after a power cycle of the
   * monitored board.
   */
  public void initialize() throws DeviceIoException {
    device.writeWordBigEndian(CONFIGURATION, DEFAULT_CONFIGURATION);
    device.writeWordBigEndian(CALIBRATION, calibration);
  }

  public double readBusVolts() throws DeviceIoException {
    return busVolts(device.readWordBigEndian(BUS_VOLTAGE));
  }

  public double readShuntVolts() throws DeviceIoException {
    return (short) device.readWordBigEndian(SHUNT_VOLTAGE) * SHUNT_VOLTS_PER_LSB;
  }

  /**
   * Bus voltage, current and power; fails (rather than reporting zero) if the chip lost its
   * calibration.
   */
  public PowerReading read() throws DeviceException {
    int bus = device.readWordBigEndian(BUS_VOLTAGE);
    int current = device.readWordBigEndian(CURRENT);
    int power = device.readWordBigEndian(POWER);
    if (current == 0 && power == 0) {
      checkCalibration();
    }
    return new PowerReading(busVolts(bus), amps(current, currentLsb), watts(power, currentLsb));
  }

  private void checkCalibration() throws DeviceException {
    if (device.readWordBigEndian(CALIBRATION) == 0) {
      initialize();
      throw new DeviceException(
          device + ": INA226 had lost its calibration (brown-out?); re-initialised");
    }
  }

  public static double busVolts(int raw) {
    return raw * BUS_VOLTS_PER_LSB;
  }

  public static double amps(int raw, double currentLsb) {
    return (short) raw * currentLsb;
  }

  public static double watts(int raw, double currentLsb) {
    return raw * 25.0 * currentLsb;
  }
}
