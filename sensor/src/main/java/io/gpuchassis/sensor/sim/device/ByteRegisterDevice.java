package io.gpuchassis.sensor.sim.device;

/**
 * A device with byte-wide registers and an auto-incrementing address pointer (MAX31790, PCA9555): a
 * write sets the pointer and stores the following bytes at successive addresses; a read returns
 * bytes from the pointer onwards. How the pointer advances is part-specific ({@link #next}).
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public abstract class ByteRegisterDevice extends SimDevice {

  private final int[] registers = new int[256];
  private int pointer;

  protected ByteRegisterDevice(String name) {
    super(name);
  }

  /** The address after {@code address} in a multi-byte transfer. */
  protected int next(int address) {
    return (address + 1) & 0xFF;
  }

  /** Whether the bus may change {@code address}. */
  protected abstract boolean writable(int address);

  /** Called after the bus changed {@code address}. */
  protected void written(int address) {}

  /** The byte a read of {@code address} returns; by default the stored value. */
  protected int readValue(int address) {
    return registers[address];
  }

  protected int byteAt(int address) {
    return registers[address];
  }

  protected void setByte(int address, int value) {
    registers[address] = value & 0xFF;
  }

  protected int wordAt(int address) {
    return (registers[address] << 8) | registers[(address + 1) & 0xFF];
  }

  protected void setWord(int address, int value) {
    setByte(address, value >> 8);
    setByte(address + 1, value);
  }

  @Override
  protected final void onWrite(byte[] data) {
    if (data.length == 0) {
      return;
    }
    pointer = Byte.toUnsignedInt(data[0]);
    int address = pointer;
    for (int i = 1; i < data.length; i++) {
      if (writable(address)) {
        registers[address] = Byte.toUnsignedInt(data[i]);
        written(address);
      }
      address = next(address);
    }
  }

  @Override
  protected final byte[] onRead(int length) {
    byte[] out = new byte[length];
    int address = pointer;
    for (int i = 0; i < length; i++) {
      out[i] = (byte) readValue(address);
      address = next(address);
    }
    return out;
  }
}
