package io.gpuchassis.sensor.device;

import io.gpuchassis.sensor.i2c.DeviceIoException;
import io.gpuchassis.sensor.i2c.SmbusDevice;

/**
 * PCA9555 / TCA9555-class 16-bit I/O expander (addresses 0x20-0x27), where a 20-slot chassis keeps
 * its per-slot signals (reference §3.7). Registers come in port pairs: 0/1 input, 2/3 output, 4/5
 * polarity inversion, 6/7 configuration (1 = input); a two-byte transfer starting at the even
 * register covers both ports, port 0 first. Pins are numbered 0-15: port 0 bit n is pin n, port 1
 * bit n is pin 8+n.
 *
 * <p>Outputs are changed read-modify-write against a shadow of the output register, never against
 * the input port (which shows the pin level, not what was written). At start, {@link
 * #adoptCurrentState()} loads the shadows from the chip so that restarting the agent does not
 * glitch slot power; {@link #configure} is for a chip fresh out of reset.
 *
 * <p>Thread-safety: output changes are serialised on this object; methods block for one or two
 * transfers.
 */
public final class Pca9555Expander {

  public static final int PINS = 16;
  public static final int INPUT_PORT_0 = 0x00;
  public static final int OUTPUT_PORT_0 = 0x02;
  public static final int POLARITY_PORT_0 = 0x04;
  public static final int CONFIGURATION_PORT_0 = 0x06;

  private final SmbusDevice device;
  private int outputShadow = 0xFFFF; // power-on default of the output registers
  private int configurationShadow = 0xFFFF; // power-on default: all pins inputs

  public Pca9555Expander(SmbusDevice device) {
    this.device = device;
  }

  /** Loads the output and direction shadows from the chip, changing nothing on the pins. */
  public synchronized void adoptCurrentState() throws DeviceIoException {
    outputShadow = readPair(OUTPUT_PORT_0);
    configurationShadow = readPair(CONFIGURATION_PORT_0);
  }

  /**
   * Sets the output levels first and then the directions, so a pin turned into an output starts at
   * the intended level instead of the reset default.
   *
   * @param inputMask bit n set = pin n is an input
   * @param outputLevels levels of the output pins, bit n = pin n
   */
  public synchronized void configure(int inputMask, int outputLevels) throws DeviceIoException {
    writePair(OUTPUT_PORT_0, outputLevels);
    outputShadow = outputLevels & 0xFFFF;
    writePair(CONFIGURATION_PORT_0, inputMask);
    configurationShadow = inputMask & 0xFFFF;
  }

  /** True when {@code pin} is configured as an output (from the shadow, no bus transfer). */
  public synchronized boolean isOutput(int pin) {
    return ((configurationShadow >> checkPin(pin)) & 1) == 0;
  }

  /** Turns {@code pin} into an output, setting its level first so it starts at {@code high}. */
  public synchronized void makeOutput(int pin, boolean high) throws DeviceIoException {
    int bit = 1 << checkPin(pin);
    int outputs = high ? outputShadow | bit : outputShadow & ~bit;
    if (outputs != outputShadow) {
      writePair(OUTPUT_PORT_0, outputs);
      outputShadow = outputs;
    }
    if ((configurationShadow & bit) != 0) {
      writePair(CONFIGURATION_PORT_0, configurationShadow & ~bit);
      configurationShadow &= ~bit;
    }
  }

  /**
   * The level of all 16 pins as the input ports show them (outputs read back their driven level).
   */
  public int readPins() throws DeviceIoException {
    return readPair(INPUT_PORT_0);
  }

  public boolean readPin(int pin) throws DeviceIoException {
    return ((readPins() >> checkPin(pin)) & 1) != 0;
  }

  /** Drives an output pin; fails for a pin configured as input. */
  public synchronized void writePin(int pin, boolean high) throws DeviceIoException {
    int bit = 1 << checkPin(pin);
    if ((configurationShadow & bit) != 0) {
      throw new IllegalStateException("pin " + pin + " of " + device + " is an input");
    }
    int next = high ? outputShadow | bit : outputShadow & ~bit;
    if (next != outputShadow) {
      writePair(OUTPUT_PORT_0, next);
      outputShadow = next;
    }
  }

  /** The level last written to an output pin (from the shadow, no bus transfer). */
  public synchronized boolean outputLevel(int pin) {
    return ((outputShadow >> checkPin(pin)) & 1) != 0;
  }

  private int readPair(int register) throws DeviceIoException {
    byte[] b = device.readBytes(register, 2);
    return Byte.toUnsignedInt(b[0]) | (Byte.toUnsignedInt(b[1]) << 8);
  }

  private void writePair(int register, int value) throws DeviceIoException {
    device.writeBytes(register, new byte[] {(byte) value, (byte) (value >> 8)});
  }

  private static int checkPin(int pin) {
    if (pin < 0 || pin >= PINS) {
      throw new IllegalArgumentException("PCA9555 pin must be 0-15: " + pin);
    }
    return pin;
  }
}
