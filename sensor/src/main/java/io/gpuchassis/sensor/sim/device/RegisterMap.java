package io.gpuchassis.sensor.sim.device;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Registers addressed by a pointer (or PMBus command code), each with its own width: 1 or 2 bytes
 * in the part's byte order, or an SMBus block (count byte + data). The device side reads and writes
 * values ({@link #get}, {@link #set}); the bus side sees wire bytes ({@link #readWire}, {@link
 * #writeWire}). Values persist until changed.
 *
 * <p>Not thread-safe by itself; the owning {@link SimDevice} synchronises.
 */
public final class RegisterMap {

  private static final class Register {
    final int width;
    final boolean block;
    final boolean writable;
    byte[] bytes; // wire form without the block count

    Register(int width, boolean block, boolean writable, byte[] bytes) {
      this.width = width;
      this.block = block;
      this.writable = writable;
      this.bytes = bytes;
    }
  }

  private final ByteOrder order;
  private final Map<Integer, Register> registers = new HashMap<>();

  public RegisterMap(ByteOrder order) {
    this.order = order;
  }

  /** A 1- or 2-byte register. */
  public RegisterMap define(int register, int width, boolean writable, int initial) {
    if (width != 1 && width != 2) {
      throw new IllegalArgumentException("width must be 1 or 2: " + width);
    }
    registers.put(register, new Register(width, false, writable, encode(initial, width)));
    return this;
  }

  /** A block register of exactly {@code length} data bytes. */
  public RegisterMap defineBlock(int register, int length, boolean writable, byte[] initial) {
    if (initial.length != length) {
      throw new IllegalArgumentException("block needs " + length + " bytes");
    }
    registers.put(register, new Register(length, true, writable, initial.clone()));
    return this;
  }

  public boolean has(int register) {
    return registers.containsKey(register);
  }

  public int get(int register) {
    Register r = require(register);
    int value = 0;
    for (int i = 0; i < r.width; i++) {
      int b = Byte.toUnsignedInt(r.bytes[order == ByteOrder.BIG_ENDIAN ? i : r.width - 1 - i]);
      value = (value << 8) | b;
    }
    return value;
  }

  public void set(int register, int value) {
    Register r = require(register);
    if (r.block) {
      throw new IllegalArgumentException(String.format("register 0x%02X is a block", register));
    }
    r.bytes = encode(value, r.width);
  }

  public byte[] getBlock(int register) {
    return require(register).bytes.clone();
  }

  public void setBlock(int register, byte[] data) {
    Register r = require(register);
    if (!r.block || data.length != r.width) {
      throw new IllegalArgumentException(
          String.format("register 0x%02X takes a %d-byte block", register, r.width));
    }
    r.bytes = data.clone();
  }

  /**
   * What a read of {@code length} bytes at {@code register} returns; bytes past the register read
   * 0xFF.
   */
  public byte[] readWire(int register, int length) {
    Register r = require(register);
    byte[] wire = r.block ? withCount(r.bytes) : r.bytes;
    byte[] out = new byte[length];
    Arrays.fill(out, (byte) 0xFF);
    System.arraycopy(wire, 0, out, 0, Math.min(length, wire.length));
    return out;
  }

  /**
   * Applies a write of {@code data} to {@code register}; returns false (nothing changed) when the
   * register is read-only or the length does not match its width.
   */
  public boolean writeWire(int register, byte[] data) {
    Register r = require(register);
    if (!r.writable) {
      return false;
    }
    if (r.block) {
      if (data.length != r.width + 1 || Byte.toUnsignedInt(data[0]) != r.width) {
        return false;
      }
      r.bytes = Arrays.copyOfRange(data, 1, data.length);
      return true;
    }
    if (data.length != r.width) {
      return false;
    }
    r.bytes = data.clone();
    return true;
  }

  private Register require(int register) {
    Register r = registers.get(register);
    if (r == null) {
      throw new IllegalArgumentException(String.format("no register 0x%02X", register));
    }
    return r;
  }

  private byte[] encode(int value, int width) {
    byte[] b = new byte[width];
    for (int i = 0; i < width; i++) {
      int shift = 8 * (order == ByteOrder.BIG_ENDIAN ? width - 1 - i : i);
      b[i] = (byte) (value >> shift);
    }
    return b;
  }

  private static byte[] withCount(byte[] data) {
    byte[] out = new byte[data.length + 1];
    out[0] = (byte) data.length;
    System.arraycopy(data, 0, out, 1, data.length);
    return out;
  }
}
