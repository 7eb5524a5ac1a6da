package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.device.Pca9555Expander;

/**
 * PCA9555 register file: input, output, polarity and configuration port pairs; a multi-byte
 * transfer toggles between the two registers of a pair. The input ports show the pin levels: an
 * output pin reads back its output bit, an input pin the level the board drives onto it ({@link
 * #setExternalLevel}).
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimPca9555 extends ByteRegisterDevice {

  private int external = 0xFFFF; // undriven inputs float high through the part's pull-ups

  public SimPca9555(String name) {
    super(name);
    setByte(Pca9555Expander.OUTPUT_PORT_0, 0xFF);
    setByte(Pca9555Expander.OUTPUT_PORT_0 + 1, 0xFF);
    setByte(Pca9555Expander.CONFIGURATION_PORT_0, 0xFF);
    setByte(Pca9555Expander.CONFIGURATION_PORT_0 + 1, 0xFF);
  }

  @Override
  protected int next(int address) {
    return address ^ 1;
  }

  @Override
  protected boolean writable(int address) {
    return address >= 0x02 && address <= 0x07;
  }

  @Override
  protected int readValue(int address) {
    if (address > 0x07) {
      return 0xFF;
    }
    if (address <= 0x01) {
      int pins = (pinLevels() ^ pair(Pca9555Expander.POLARITY_PORT_0)) & 0xFFFF;
      return address == 0 ? pins & 0xFF : pins >> 8;
    }
    return byteAt(address);
  }

  /** Physics input: the level the board drives onto {@code pin} when the pin is an input. */
  public synchronized void setExternalLevel(int pin, boolean high) {
    external = high ? external | (1 << pin) : external & ~(1 << pin);
  }

  /**
   * The electrical level of {@code pin}: its output bit if it is an output, the board's level if an
   * input.
   */
  public synchronized boolean level(int pin) {
    return ((pinLevels() >> pin) & 1) != 0;
  }

  /**
   * Loads output levels and directions as if written by an earlier run of the agent (the expander
   * keeps them while the management processor restarts).
   */
  public synchronized void preset(int inputMask, int outputLevels) {
    setByte(Pca9555Expander.OUTPUT_PORT_0, outputLevels);
    setByte(Pca9555Expander.OUTPUT_PORT_0 + 1, outputLevels >> 8);
    setByte(Pca9555Expander.CONFIGURATION_PORT_0, inputMask);
    setByte(Pca9555Expander.CONFIGURATION_PORT_0 + 1, inputMask >> 8);
  }

  /** Makes {@code pin} an output driving {@code high}, as an earlier run of the agent left it. */
  public synchronized void presetOutput(int pin, boolean high) {
    int output = pair(Pca9555Expander.OUTPUT_PORT_0);
    int inputs = pair(Pca9555Expander.CONFIGURATION_PORT_0);
    preset(inputs & ~(1 << pin), high ? output | (1 << pin) : output & ~(1 << pin));
  }

  private int pinLevels() {
    int inputs = pair(Pca9555Expander.CONFIGURATION_PORT_0);
    int outputs = pair(Pca9555Expander.OUTPUT_PORT_0);
    return (inputs & external) | (~inputs & outputs) & 0xFFFF;
  }

  private int pair(int register) {
    return byteAt(register) | (byteAt(register + 1) << 8);
  }
}
