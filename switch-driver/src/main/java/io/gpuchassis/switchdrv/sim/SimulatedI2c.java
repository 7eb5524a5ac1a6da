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
 * A Pi4J {@code I2C} device whose transactions go to a simulated chip's {@link TwiSlave}:
 * {@code write} is a write transaction, {@code read} a read transaction and {@code writeRead} a
 * combined one. Register-style calls are rejected (the TWI protocol has no register addressing).
 * A NAK surfaces as {@link com.pi4j.io.exception.IOException}, as a failed bus transfer would.
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
        return transaction(() -> {
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
    public int writeRead(byte[] writeBuffer, int writeSize, int writeOffset, byte[] readBuffer, int readSize,
            int readOffset) {
        Objects.checkFromIndexSize(writeOffset, writeSize, writeBuffer.length);
        Objects.checkFromIndexSize(readOffset, readSize, readBuffer.length);
        byte[] frame = Arrays.copyOfRange(writeBuffer, writeOffset, writeOffset + writeSize);
        byte[] r = transaction(() -> slave.writeRead(frame, readSize));
        System.arraycopy(r, 0, readBuffer, readOffset, readSize);
        return readSize;
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

    @Override
    public int readRegister(byte[] register, byte[] buffer, int offset, int length) {
        throw noRegisters();
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
