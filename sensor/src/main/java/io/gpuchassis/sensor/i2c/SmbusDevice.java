package io.gpuchassis.sensor.i2c;

import com.pi4j.io.i2c.I2C;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * SMBus-style transfers to one I2C address through a Pi4J {@link I2C}, with the byte order spelled
 * out in every method name: LM75, INA226, MAX31790 and PCA95xx registers are big-endian on the
 * wire, PMBus and SMBPBI little-endian (reference §3). Pi4J's own {@code readRegisterWord} is
 * big-endian only, which is why drivers go through this class instead.
 *
 * <p>Register reads are one combined write-then-read transfer (repeated start), as Pi4J's linuxfs
 * provider does them with {@code I2C_RDWR}. Every failure becomes a {@link DeviceIoException}
 * naming the bus, address and register.
 *
 * <p>A device that could not be opened ({@link #unavailable}) keeps its bus and address and fails
 * every transfer with a {@link DeviceUnavailableException} naming the reason, so a driver built on
 * it never returns a made-up value.
 *
 * <p>Thread-safety: each call is one bus transfer under Pi4J's per-bus lock; {@link #atomically}
 * holds that lock across several transfers. Calls block for the duration of the transfer.
 */
public final class SmbusDevice {

  private final I2C i2c; // null when unavailable
  private final int bus;
  private final int address;
  private final String unavailableReason;

  public SmbusDevice(I2C i2c) {
    this.i2c = Objects.requireNonNull(i2c, "i2c");
    this.bus = i2c.bus();
    this.address = i2c.device();
    this.unavailableReason = null;
  }

  private SmbusDevice(int bus, int address, String reason) {
    this.i2c = null;
    this.bus = bus;
    this.address = address;
    this.unavailableReason = Objects.requireNonNull(reason, "reason");
  }

  /**
   * A device that could not be opened: every transfer throws {@link DeviceUnavailableException}
   * with {@code reason}.
   */
  public static SmbusDevice unavailable(int bus, int address, String reason) {
    return new SmbusDevice(bus, address, reason);
  }

  /** Linux bus number ({@code /dev/i2c-N}). */
  public int bus() {
    return bus;
  }

  /** 7-bit address. */
  public int address() {
    return address;
  }

  public boolean isAvailable() {
    return i2c != null;
  }

  /** Why the device could not be opened; empty when it was. */
  public Optional<String> unavailableReason() {
    return Optional.ofNullable(unavailableReason);
  }

  /** SMBus read byte: write the register pointer, read one byte. */
  public int readByte(int register) throws DeviceIoException {
    return Byte.toUnsignedInt(readBytes(register, 1)[0]);
  }

  /** SMBus read word, most significant byte first on the wire (LM75, INA226, MAX31790). */
  public int readWordBigEndian(int register) throws DeviceIoException {
    byte[] b = readBytes(register, 2);
    return (Byte.toUnsignedInt(b[0]) << 8) | Byte.toUnsignedInt(b[1]);
  }

  /** SMBus read word, least significant byte first on the wire (PMBus). */
  public int readWordLittleEndian(int register) throws DeviceIoException {
    byte[] b = readBytes(register, 2);
    return Byte.toUnsignedInt(b[0]) | (Byte.toUnsignedInt(b[1]) << 8);
  }

  /** Reads {@code length} bytes starting at {@code register} in one combined transfer. */
  public byte[] readBytes(int register, int length) throws DeviceIoException {
    byte[] buffer = new byte[length];
    I2C live = live();
    int got;
    try {
      // offset 0 only: the linuxfs provider ignores the offset when copying the answer back
      got = live.readRegister(register, buffer, 0, length);
    } catch (RuntimeException e) {
      throw failure("read of register " + hex(register), e);
    }
    if (got != length) {
      throw new DeviceIoException(
          where()
              + ": read of register "
              + hex(register)
              + " returned "
              + got
              + " of "
              + length
              + " bytes");
    }
    return buffer;
  }

  /**
   * SMBus block read of a block whose length the caller knows: reads the count byte and {@code
   * length} data bytes in one transfer (Pi4J cannot ask the adapter to read the length first) and
   * checks the count.
   */
  public byte[] readBlock(int register, int length) throws DeviceIoException {
    return block(register, length, length, length, Integer.toString(length));
  }

  /**
   * SMBus block read of a block of unknown length (at most {@code maxLength}, 32 in SMBus): reads
   * the count byte and {@code maxLength} bytes in one transfer, as {@link #readBlock} does, and
   * keeps as many as the count announced (a device answers the bytes past its block with filler).
   */
  public byte[] readBlockUpTo(int register, int maxLength) throws DeviceIoException {
    return block(register, maxLength, 1, maxLength, "1 to " + maxLength);
  }

  /**
   * A block of {@code min} to {@code max} data bytes, read as {@code readLength} after the count.
   */
  private byte[] block(int register, int readLength, int min, int max, String expected)
      throws DeviceIoException {
    byte[] raw = readBytes(register, readLength + 1);
    int count = Byte.toUnsignedInt(raw[0]);
    if (count < min || count > max) {
      throw new DeviceIoException(
          where()
              + ": block read of register "
              + hex(register)
              + " announced "
              + count
              + " bytes, expected "
              + expected);
    }
    return Arrays.copyOfRange(raw, 1, count + 1);
  }

  public void writeByte(int register, int value) throws DeviceIoException {
    writeBytes(register, new byte[] {(byte) value});
  }

  public void writeWordBigEndian(int register, int value) throws DeviceIoException {
    writeBytes(register, new byte[] {(byte) (value >> 8), (byte) value});
  }

  public void writeWordLittleEndian(int register, int value) throws DeviceIoException {
    writeBytes(register, new byte[] {(byte) value, (byte) (value >> 8)});
  }

  /** SMBus block write: register, count byte, data. */
  public void writeBlock(int register, byte[] data) throws DeviceIoException {
    byte[] withCount = new byte[data.length + 1];
    withCount[0] = (byte) data.length;
    System.arraycopy(data, 0, withCount, 1, data.length);
    writeBytes(register, withCount);
  }

  /** Writes the register pointer followed by {@code data} in one transfer. */
  public void writeBytes(int register, byte[] data) throws DeviceIoException {
    I2C live = live();
    int written;
    try {
      written = live.writeRegister(register, data, 0, data.length);
    } catch (RuntimeException e) {
      throw failure("write of register " + hex(register), e);
    }
    // providers count the register byte or not; fewer than the data bytes is a short write either
    // way
    if (written < data.length) {
      throw new DeviceIoException(
          where()
              + ": write of register "
              + hex(register)
              + " wrote "
              + written
              + " of "
              + data.length
              + " bytes");
    }
  }

  /** SMBus send byte: one byte, no register (mux control, PMBus CLEAR_FAULTS). */
  public void sendByte(int value) throws DeviceIoException {
    I2C live = live();
    try {
      live.write((byte) value);
    } catch (RuntimeException e) {
      throw failure("send byte " + hex(value), e);
    }
  }

  /** SMBus receive byte: one byte, no register. */
  public int receiveByte() throws DeviceIoException {
    I2C live = live();
    int value;
    try {
      value = live.read();
    } catch (RuntimeException e) {
      throw failure("receive byte", e);
    }
    if (value < 0) {
      throw new DeviceIoException(where() + ": receive byte failed with " + value);
    }
    return value & 0xFF;
  }

  /**
   * Runs {@code action} while holding this bus's lock, so that e.g. a PMBus PAGE write and the
   * paged read, or a mux select and the transfer behind it, cannot be interleaved with another
   * thread's transfers on the same bus.
   */
  public <T> T atomically(DeviceAction<T> action) throws DeviceException {
    I2C live = live();
    try {
      return live.execute(action::run);
    } catch (RuntimeException e) {
      DeviceException inner = deviceExceptionIn(e);
      if (inner != null) {
        throw inner;
      }
      throw failure("locked transaction", e);
    }
  }

  @Override
  public String toString() {
    return where();
  }

  private I2C live() throws DeviceIoException {
    if (i2c == null) {
      throw new DeviceUnavailableException(where(), unavailableReason);
    }
    return i2c;
  }

  private String where() {
    return "I2C bus " + bus() + " address " + hex(address());
  }

  private DeviceIoException failure(String what, RuntimeException e) {
    return new DeviceIoException(where() + ": " + what + " failed: " + rootMessage(e), e);
  }

  private static DeviceException deviceExceptionIn(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof DeviceException) {
        return (DeviceException) c;
      }
    }
    return null;
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }

  static String hex(int value) {
    return String.format("0x%02X", value);
  }
}
