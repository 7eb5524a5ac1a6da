package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.sim.bus.I2cNakException;
import java.util.Arrays;

/**
 * A device whose first written byte selects a register (a pointer, or a PMBus command code) and
 * whose reads return that register: LM75, INA226, PMBus supplies, the SMBPBI post-box. The pointer
 * persists between transfers, as on the real parts. A transfer naming an unknown register is not
 * acknowledged. Whether a read after a STOP is answered at all is the part's {@link
 * io.gpuchassis.sensor.sim.bus.TargetKind}: pointer-register parts answer it, SMBus command parts
 * (PMBus, SMBPBI) do not.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public abstract class PointerDevice extends SimDevice {

  private int pointer;

  protected PointerDevice(String name) {
    super(name);
  }

  /** The register map a transfer to {@code register} goes to (several for paged parts). */
  protected abstract RegisterMap mapFor(int register);

  /** Called after a write changed {@code register}. */
  protected void registerWritten(int register) {}

  /**
   * Called for a one-byte write transaction: the pointer only, or a command without data (PMBus
   * send byte). Not called for the command half of a combined read.
   */
  protected void pointerWritten(int register) {}

  /** Called before a read of {@code register}; may update it. */
  protected void beforeRead(int register) {}

  /**
   * A write transaction: a single byte is the pointer alone or a send byte; more bytes are register
   * data.
   */
  @Override
  protected final void onWrite(byte[] data) {
    select(data, true);
  }

  /**
   * The command half of a read: moves the pointer (and writes any data, a process call), never a
   * send byte.
   */
  @Override
  protected final void onWriteBeforeRead(byte[] data) {
    select(data, false);
  }

  private void select(byte[] data, boolean transactionEnds) {
    if (data.length == 0) {
      return;
    }
    int register = Byte.toUnsignedInt(data[0]);
    if (!mapFor(register).has(register)) {
      throw new I2cNakException(String.format("%s has no register 0x%02X", name(), register));
    }
    pointer = register;
    if (data.length == 1) {
      if (transactionEnds) {
        pointerWritten(register);
      }
      return;
    }
    if (mapFor(register).writeWire(register, Arrays.copyOfRange(data, 1, data.length))) {
      registerWritten(register);
    }
  }

  @Override
  protected final byte[] onRead(int length) {
    beforeRead(pointer);
    return mapFor(pointer).readWire(pointer, length);
  }
}
