package io.gpuchassis.sensor.sim.bus;

import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CBase;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProvider;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A Pi4J {@link I2C} on a simulated bus. Every call is one transaction under the bus lock, exactly
 * like {@code LinuxFsI2C}: raw writes and reads are separate transactions (a STOP ends each),
 * register writes are pointer + data, register reads are one combined transaction (pointer write,
 * repeated start, read), as linuxfs's single {@code I2C_RDWR} ioctl. So a {@code write} followed by
 * a {@code read} is not a register read: an SMBus command target ({@link TargetKind#SMBUS_COMMAND})
 * refuses the lone read. A target that does not acknowledge makes the call throw, as an {@code
 * EREMOTEIO} ioctl failure does on hardware.
 */
final class SimulatedI2C extends I2CBase<SimulatedI2CBus> {

  SimulatedI2C(I2CProvider provider, I2CConfig config, SimulatedI2CBus bus) {
    super(provider, config, bus);
  }

  @Override
  public int write(byte b) {
    return transfer(() -> writeTransfer(new byte[] {b}));
  }

  @Override
  public int write(byte[] data, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, data.length);
    return transfer(() -> writeTransfer(Arrays.copyOfRange(data, offset, offset + length)));
  }

  @Override
  public int read() {
    return transfer(() -> Byte.toUnsignedInt(readTransfer(1)[0]));
  }

  @Override
  public int read(byte[] buffer, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, buffer.length);
    return transfer(
        () -> {
          System.arraycopy(readTransfer(length), 0, buffer, offset, length);
          return length;
        });
  }

  @Override
  public int writeRegister(int register, byte b) {
    return transfer(() -> writeTransfer(new byte[] {(byte) register, b}) - 1);
  }

  @Override
  public int writeRegister(int register, byte[] data, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, data.length);
    return writeRegister(new byte[] {(byte) register}, data, offset, length);
  }

  @Override
  public int writeRegister(byte[] register, byte[] data, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, data.length);
    byte[] all = new byte[register.length + length];
    System.arraycopy(register, 0, all, 0, register.length);
    System.arraycopy(data, offset, all, register.length, length);
    return transfer(() -> writeTransfer(all) - register.length);
  }

  @Override
  public int readRegister(int register) {
    byte[] b = new byte[1];
    readRegister(new byte[] {(byte) register}, b, 0, 1);
    return Byte.toUnsignedInt(b[0]);
  }

  @Override
  public int readRegister(int register, byte[] buffer, int offset, int length) {
    return readRegister(new byte[] {(byte) register}, buffer, offset, length);
  }

  @Override
  public int readRegister(byte[] register, byte[] buffer, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, buffer.length);
    return transfer(
        () -> {
          System.arraycopy(combinedTransfer(register.clone(), length), 0, buffer, offset, length);
          return length;
        });
  }

  private int writeTransfer(byte[] data) throws IOException {
    try {
      i2CBus.segment().write(device(), data);
    } catch (I2cNakException e) {
      throw new IOException("Remote I/O error: " + e.getMessage(), e);
    }
    return data.length;
  }

  private byte[] readTransfer(int length) throws IOException {
    byte[] answer;
    try {
      answer = i2CBus.segment().read(device(), length);
    } catch (I2cNakException e) {
      throw new IOException("Remote I/O error: " + e.getMessage(), e);
    }
    return checkLength(answer, length);
  }

  private static byte[] checkLength(byte[] answer, int length) {
    if (answer.length != length) {
      throw new IllegalStateException(
          "simulated device returned " + answer.length + " of " + length + " bytes");
    }
    return answer;
  }

  private byte[] combinedTransfer(byte[] data, int length) throws IOException {
    byte[] answer;
    try {
      answer = i2CBus.segment().writeRead(device(), data, length);
    } catch (I2cNakException e) {
      throw new IOException("Remote I/O error: " + e.getMessage(), e);
    }
    return checkLength(answer, length);
  }

  private int transfer(IoCall call) {
    if (!isOpen()) {
      throw new IllegalStateException("I2C " + id() + " is closed");
    }
    return i2CBus.execute(this, call::run);
  }

  @FunctionalInterface
  private interface IoCall {
    int run() throws IOException;
  }
}
