package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.transport.GasEndpoint;
import io.gpuchassis.switchdrv.transport.i2c.TwiFrames;

/**
 * The switch's TWI slave state machine (reference §1.3): a write transaction either carries a
 * GAS_WRITE (applied when its PEC is good; its tag and status are remembered for
 * GET_WRITE_STATUS) or selects what the next read transaction returns (GET_CAP,
 * GET_WRITE_STATUS, GAS_READ). Combined write+read and separate write-then-read both work.
 * Honours the chip's I2C NAK fault. Thread-safe (one lock per slave).
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
    private byte[] selected;
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

    /** A write-only transaction. */
    public synchronized void write(byte[] frame) {
        nakIfFaulted();
        onWrite(frame);
    }

    /** A read-only transaction of {@code length} bytes, answering the last selecting write. */
    public synchronized byte[] read(int length) {
        nakIfFaulted();
        return answer(length);
    }

    /** A combined write + repeated-start read transaction. */
    public synchronized byte[] writeRead(byte[] frame, int length) {
        nakIfFaulted();
        onWrite(frame);
        return answer(length);
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

    private void onWrite(byte[] frame) {
        if (frame.length == 0) {
            selected = null;
            return;
        }
        int cmd = frame[0] & 0xFF;
        if (cmd == TwiFrames.CMD_GAS_WRITE) {
            selected = null;
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
        } else if (cmd == TwiFrames.CMD_GET_CAP || cmd == TwiFrames.CMD_GET_WRITE_STATUS
                || (cmd == TwiFrames.CMD_GAS_READ && frame.length == 7 && frame[1] == 5)) {
            selected = frame.clone();
        } else {
            selected = null;
            throw new NakException(String.format("command 0x%02x not acknowledged", cmd));
        }
    }

    private byte[] answer(int length) {
        byte[] sel = selected;
        if (sel == null) {
            return filler(length);
        }
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
