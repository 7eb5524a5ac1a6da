package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.i2c.TwiFrames;

/**
 * The switch's TWI slave state machine (reference §1.3), as strict as the chip about transaction
 * boundaries:
 *
 * <ul>
 *   <li>A write-only transaction (ending with a STOP) carries a GAS_WRITE, applied when its PEC is
 *       good; its tag and status are remembered for GET_WRITE_STATUS. A selecting command (GET_CAP,
 *       GET_WRITE_STATUS, GAS_READ) sent this way is acknowledged but selects nothing: the STOP
 *       ends it.
 *   <li>A read is answered only as the repeated-start half of a combined transaction whose write
 *       half selected it ({@link #combined}), with the PEC over both halves; the Linux master does
 *       this with one {@code I2C_RDWR} of two messages.
 *   <li>A read-only transaction is never answered: the slave does not acknowledge its address
 *       ({@link NakException}), so a master that splits a combined read into a write, a STOP and a
 *       separate read fails here exactly as it fails on the chip.
 * </ul>
 *
 * Also NAKs while the chip reboots and under the chip's I2C NAK fault. Thread-safe (one lock per
 * slave).
 */
public final class TwiSlave {

  /** Thrown for a transaction the slave does not acknowledge. */
  public static final class NakException extends RuntimeException {
    NakException(String message) {
      super(message);
    }
  }

  private static final int STATUS_BAD_FRAME = 0x01;

  private final SimulatedSwitch chip;
  private final int address;
  private int lastTag;
  private int lastStatus = TwiFrames.STATUS_OK;

  public TwiSlave(SimulatedSwitch chip, int address) {
    this.chip = chip;
    this.address = address;
  }

  public int address() {
    return address;
  }

  public SimulatedSwitch chip() {
    return chip;
  }

  /** A write-only transaction: START, address+W, {@code frame}, STOP. */
  public synchronized void write(byte[] frame) {
    nakIfFaulted();
    if (selectsRead(frame)) {
      return; // acknowledged byte by byte; the STOP drops the selection
    }
    applyWrite(frame);
  }

  /**
   * A read-only transaction: START, address+R. Never acknowledged: the chip answers a read only
   * inside the combined transaction that selected it.
   */
  public synchronized byte[] read(int length) {
    nakIfFaulted();
    throw new NakException(
        String.format(
            "address 0x%02x NAK: a read without a selecting write in the same transaction",
            address));
  }

  /**
   * A combined transaction: START, address+W, {@code writeHalf}, repeated START, address+R, then
   * {@code readLength} bytes read, STOP. The read half is NAKed unless the write half selected
   * something to read.
   */
  public synchronized byte[] combined(byte[] writeHalf, int readLength) {
    nakIfFaulted();
    if (!selectsRead(writeHalf)) {
      applyWrite(writeHalf);
      throw new NakException(
          String.format("address 0x%02x NAK: the write half selected nothing to read", address));
    }
    return answer(writeHalf, readLength);
  }

  private void nakIfFaulted() {
    boolean rebooting;
    synchronized (chip.lock()) {
      rebooting = !chip.chip().up(System.nanoTime());
    }
    if (rebooting) {
      throw new NakException(String.format("address 0x%02x NAK (chip in reset)", address));
    }
    if (chip.nakNextI2cTransaction()) {
      throw new NakException(String.format("address 0x%02x NAK (injected)", address));
    }
  }

  private static boolean selectsRead(byte[] frame) {
    if (frame.length == 0) {
      return false;
    }
    int cmd = frame[0] & 0xFF;
    return cmd == TwiFrames.CMD_GET_CAP
        || cmd == TwiFrames.CMD_GET_WRITE_STATUS
        || cmd == TwiFrames.CMD_GAS_READ && frame.length == 7 && frame[1] == 5;
  }

  // A write that selects no read: a GAS_WRITE, an empty probe, or a command the chip rejects.
  private void applyWrite(byte[] frame) {
    if (frame.length == 0) {
      return; // an address-only probe (i2cdetect style) is acknowledged
    }
    int cmd = frame[0] & 0xFF;
    if (cmd != TwiFrames.CMD_GAS_WRITE) {
      throw new NakException(String.format("command 0x%02x not acknowledged", cmd));
    }
    TwiFrames.ParsedWrite w = TwiFrames.parseGasWrite(address, frame);
    if (w == null) {
      lastTag = frame.length > 2 ? frame[2] & 0xFF : 0;
      lastStatus = STATUS_BAD_FRAME;
      return;
    }
    lastTag = w.tag();
    if (!w.pecOk()) {
      lastStatus = STATUS_BAD_FRAME;
      return;
    }
    chip.gas().writeGas(w.offset(), w.data());
    lastStatus = TwiFrames.STATUS_OK;
  }

  private byte[] answer(byte[] sel, int length) {
    int cmd = sel[0] & 0xFF;
    byte[] r;
    if (cmd == TwiFrames.CMD_GET_CAP) {
      r = TwiFrames.encodeCap(address, TwiFrames.CAP_ENHANCED_MODE);
    } else if (cmd == TwiFrames.CMD_GET_WRITE_STATUS) {
      r = TwiFrames.encodeWriteStatus(address, lastTag, lastStatus);
    } else {
      int off = TwiFrames.getBigEndian(sel, 2);
      int n = sel[6] & 0xFF;
      GasEndpoint gas = chip.gas();
      r = TwiFrames.encodeGasRead(address, sel, gas.readGas(off, n), TwiFrames.STATUS_OK);
    }
    if (r.length == length) {
      return r;
    }
    // the master decides how many bytes it clocks: past the answer it reads a released SDA
    byte[] out = filler(length);
    System.arraycopy(r, 0, out, 0, Math.min(length, r.length));
    return out;
  }

  // An idle slave releases SDA: the master reads ones.
  private static byte[] filler(int length) {
    byte[] b = new byte[length];
    java.util.Arrays.fill(b, (byte) 0xFF);
    return b;
  }
}
