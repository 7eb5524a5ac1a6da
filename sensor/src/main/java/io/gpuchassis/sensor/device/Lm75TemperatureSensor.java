package io.gpuchassis.sensor.device;

import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;

/**
 * LM75 / TMP75 / TMP100-class temperature sensor (addresses 0x48-0x4F). The temperature register is
 * a big-endian, left-justified two's complement value: 9 bits (0.5 °C) on an LM75, 9-12 bits on a
 * TMP75 depending on the configuration register. Decoding is {@code (int16) raw / 256} after
 * masking the bits below the resolution, which some parts leave undefined.
 *
 * <p>Thread-safety: stateless; each method is one or two blocking bus transfers.
 */
public final class Lm75TemperatureSensor {

  public static final int TEMPERATURE = 0x00;
  public static final int CONFIGURATION = 0x01;
  public static final int T_HYST = 0x02;
  public static final int T_OS = 0x03;

  private final SmbusDevice device;
  private final int resolutionBits;

  /** An LM75 with its fixed 9-bit resolution. */
  public Lm75TemperatureSensor(SmbusDevice device) {
    this(device, 9);
  }

  /** A part whose temperature register carries {@code resolutionBits} (9-12) significant bits. */
  public Lm75TemperatureSensor(SmbusDevice device, int resolutionBits) {
    if (resolutionBits < 9 || resolutionBits > 12) {
      throw new IllegalArgumentException("resolution must be 9-12 bits: " + resolutionBits);
    }
    this.device = device;
    this.resolutionBits = resolutionBits;
  }

  public double readCelsius() throws DeviceIoException {
    return decode(device.readWordBigEndian(TEMPERATURE), resolutionBits);
  }

  /**
   * Programs the OS/ALERT pin as a hardware backstop that works even if the agent hangs: it asserts
   * at {@code tOs} and releases below {@code tHyst}.
   */
  public void setOverTemperatureLimits(double tOs, double tHyst) throws DeviceIoException {
    if (tHyst >= tOs) {
      throw new IllegalArgumentException("T_HYST must be below T_OS: " + tHyst + " >= " + tOs);
    }
    device.writeWordBigEndian(T_OS, encode(tOs, 9));
    device.writeWordBigEndian(T_HYST, encode(tHyst, 9));
  }

  public double readOverTemperatureLimit() throws DeviceIoException {
    return decode(device.readWordBigEndian(T_OS), 9);
  }

  /** Decodes a temperature-format register value with {@code resolutionBits} significant bits. */
  public static double decode(int raw, int resolutionBits) {
    int mask = 0xFFFF << (16 - resolutionBits);
    return (short) (raw & mask) / 256.0;
  }

  /**
   * Encodes a temperature in the register format, rounded to the resolution and clamped to the
   * register range.
   */
  public static int encode(double celsius, int resolutionBits) {
    int lsb = 1 << (16 - resolutionBits);
    long value = Math.round(celsius * 256.0 / lsb) * lsb;
    value = Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, value));
    return (int) value & (0xFFFF << (16 - resolutionBits)) & 0xFFFF;
  }
}
