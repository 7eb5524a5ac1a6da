package io.gpuchassis.sensor.gpio;

/**
 * Where one slot's four signals sit on a 16-pin expander: four consecutive pins starting at {@code firstPin}, in the
 * order PRSNT# (input, low = card present), PWR_EN (output, high = slot power on), PERST# (output, low = held in
 * reset), ATTN_LED (output, high = lit). A PCA9555 holds four slots.
 *
 * @param firstPin 0, 4, 8 or 12
 */
public record SlotPins(int firstPin) {

  public static final int PINS_PER_SLOT = 4;

  public SlotPins {
    if (firstPin < 0 || firstPin > 12 || firstPin % PINS_PER_SLOT != 0) {
      throw new IllegalArgumentException("first pin of a slot must be 0, 4, 8 or 12: " + firstPin);
    }
  }

  public int presentN() {
    return firstPin;
  }

  public int powerEnable() {
    return firstPin + 1;
  }

  public int perstN() {
    return firstPin + 2;
  }

  public int attentionLed() {
    return firstPin + 3;
  }

  /** Bit mask of the slot's input pin. */
  public int inputMask() {
    return 1 << presentN();
  }

  /** The slot's signals as read in one 16-bit pin word. */
  public SlotSignals decode(int pins) {
    return new SlotSignals(
        !bit(pins, presentN()), bit(pins, powerEnable()), !bit(pins, perstN()), bit(pins, attentionLed()));
  }

  private static boolean bit(int pins, int pin) {
    return ((pins >> pin) & 1) != 0;
  }
}
