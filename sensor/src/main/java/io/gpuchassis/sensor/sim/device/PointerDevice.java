package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.sim.bus.I2cNakException;
import java.util.Arrays;

/**
 * A device whose first written byte selects a register (a pointer, or a PMBus command code) and whose reads return
 * that register: LM75, INA226, PMBus supplies, the SMBPBI post-box. The pointer persists between transfers, as on the
 * real parts. A transfer naming an unknown register is not acknowledged.
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

  /** Called for a one-byte write: the pointer only, or a command without data (PMBus send byte). */
  protected void pointerWritten(int register) {}

  /** Called before a read of {@code register}; may update it. */
  protected void beforeRead(int register) {}

  @Override
  protected final void onWrite(byte[] data) {
    if (data.length == 0) {
      return;
    }
    int register = Byte.toUnsignedInt(data[0]);
    if (!mapFor(register).has(register)) {
      throw new I2cNakException(String.format("%s has no register 0x%02X", name(), register));
    }
    pointer = register;
    if (data.length == 1) {
      pointerWritten(register);
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
