package io.gpuchassis.switchdrv.sim;

import com.pi4j.io.i2c.I2CBase;
import com.pi4j.io.i2c.I2CBusBase;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProvider;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * A Pi4J {@code I2C} device whose transactions go to a simulated chip's {@link TwiSlave}, with the
 * transaction boundaries of Pi4J's linuxfs provider on {@code /dev/i2c-N}:
 *
 * <ul>
 *   <li>{@code write} is one write transaction and {@code read} one read transaction (a {@code
 *       write()}/{@code read()} on the device file each);
 *   <li>{@code readRegister(byte[], byte[], int, int)} is one combined transaction, write half then
 *       repeated-start read half (linuxfs: one {@code I2C_RDWR} with two messages);
 *   <li>{@code writeRead} is not overridden: Pi4J's default is a {@code write} followed by a
 *       separate {@code read}, two transactions with a STOP between them, exactly as on linuxfs,
 *       which does not override it either. The slave therefore NAKs it.
 * </ul>
 *
 * The other register-style calls are rejected (the TWI protocol has no register addressing). A NAK
 * surfaces as {@link com.pi4j.io.exception.IOException}, as a failed bus transfer would.
 */
final class SimulatedI2c extends I2CBase<SimulatedI2c.Bus> {

  /** Serialises transactions per bus, like a real adapter. */
  static final class Bus extends I2CBusBase {
    Bus(I2CConfig config) {
      super(config);
    }

    @Override
    public <R> R execute(com.pi4j.io.i2c.I2C i2c, Callable<R> action) {
      return _execute(i2c, action);
    }
  }

  private final TwiSlave slave;

  SimulatedI2c(I2CProvider provider, I2CConfig config, TwiSlave slave, Bus bus) {
    super(provider, config, bus);
    this.slave = slave;
  }

  private <T> T transaction(Callable<T> body) {
    try {
      return body.call();
    } catch (TwiSlave.NakException e) {
      throw new com.pi4j.io.exception.IOException("I2C transfer failed: " + e.getMessage());
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new com.pi4j.io.exception.IOException(e.getMessage());
    }
  }

  @Override
  public int write(byte b) {
    return write(new byte[] {b}, 0, 1);
  }

  @Override
  public int write(byte[] data, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, data.length);
    byte[] frame = Arrays.copyOfRange(data, offset, offset + length);
    return transaction(
        () -> {
          slave.write(frame);
          return length;
        });
  }

  @Override
  public int read() {
    byte[] b = new byte[1];
    read(b, 0, 1);
    return b[0] & 0xFF;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, buffer.length);
    byte[] r = transaction(() -> slave.read(length));
    System.arraycopy(r, 0, buffer, offset, length);
    return length;
  }

  @Override
  public int write(Charset charset, CharSequence data) {
    byte[] b = data.toString().getBytes(charset);
    return write(b, 0, b.length);
  }

  @Override
  public int readRegister(int register) {
    throw noRegisters();
  }

  /**
   * The combined transaction: {@code register} is the write half, {@code length} bytes the read
   * half. Linuxfs ignores {@code offset} (it fills {@code buffer} from index 0), so code that
   * passes another offset would misbehave on a board; it is refused here rather than silently
   * "fixed".
   */
  @Override
  public int readRegister(byte[] register, byte[] buffer, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, buffer.length);
    if (offset != 0) {
      throw new IllegalArgumentException(
          "linuxfs readRegister ignores the offset; pass 0, not " + offset);
    }
    byte[] writeHalf = register.clone();
    byte[] r = transaction(() -> slave.combined(writeHalf, length));
    System.arraycopy(r, 0, buffer, 0, length);
    return length;
  }

  @Override
  public int readRegister(int register, byte[] buffer, int offset, int length) {
    throw noRegisters();
  }

  @Override
  public int writeRegister(int register, byte b) {
    throw noRegisters();
  }

  @Override
  public int writeRegister(int register, byte[] data, int offset, int length) {
    throw noRegisters();
  }

  @Override
  public int writeRegister(byte[] register, byte[] data, int offset, int length) {
    throw noRegisters();
  }

  private static UnsupportedOperationException noRegisters() {
    return new UnsupportedOperationException("Switchtec TWI has no register addressing");
  }
}
