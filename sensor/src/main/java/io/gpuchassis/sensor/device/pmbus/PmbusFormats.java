package io.gpuchassis.sensor.device.pmbus;

/**
 * The PMBus LINEAR number formats (PMBus Part II §7.3 and §8.3.1).
 *
 * <ul>
 *   <li>LINEAR11: bits 15:11 a signed 5-bit exponent N, bits 10:0 a signed 11-bit mantissa Y; value
 *       = Y × 2^N. Used by nearly every READ_* command except READ_VOUT.
 *   <li>LINEAR16: an unsigned 16-bit mantissa whose exponent is the signed 5-bit field in VOUT_MODE
 *       bits 4:0, valid only when VOUT_MODE bits 7:5 are 000 (linear mode). Used by the VOUT
 *       family.
 * </ul>
 *
 * <p>Pure functions; thread-safe.
 */
public final class PmbusFormats {

  private PmbusFormats() {}

  public static double linear11(int raw) {
    int exponent = signExtend((raw >> 11) & 0x1F, 5);
    int mantissa = signExtend(raw & 0x7FF, 11);
    return Math.scalb((double) mantissa, exponent);
  }

  /**
   * Encodes {@code value} in LINEAR11 with the smallest exponent whose mantissa still fits, i.e.
   * the best precision.
   */
  public static int toLinear11(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("not a finite value: " + value);
    }
    for (int exponent = -16; exponent <= 15; exponent++) {
      long mantissa = Math.round(Math.scalb(value, -exponent));
      if (mantissa >= -1024 && mantissa <= 1023) {
        return ((exponent & 0x1F) << 11) | ((int) mantissa & 0x7FF);
      }
    }
    throw new IllegalArgumentException("out of LINEAR11 range: " + value);
  }

  public static double linear16(int raw, int voutMode) {
    return Math.scalb((double) (raw & 0xFFFF), voutModeExponent(voutMode));
  }

  public static int toLinear16(double value, int voutMode) {
    long mantissa = Math.round(Math.scalb(value, -voutModeExponent(voutMode)));
    if (mantissa < 0 || mantissa > 0xFFFF) {
      throw new IllegalArgumentException(
          "out of LINEAR16 range for VOUT_MODE " + voutMode + ": " + value);
    }
    return (int) mantissa;
  }

  /** The exponent of a linear-mode VOUT_MODE byte; other modes (VID, direct) are not supported. */
  public static int voutModeExponent(int voutMode) {
    int mode = (voutMode >> 5) & 0x07;
    if (mode != 0) {
      throw new IllegalArgumentException(
          String.format("VOUT_MODE 0x%02X is not linear mode", voutMode & 0xFF));
    }
    return signExtend(voutMode & 0x1F, 5);
  }

  private static int signExtend(int value, int bits) {
    int shift = 32 - bits;
    return (value << shift) >> shift;
  }
}
