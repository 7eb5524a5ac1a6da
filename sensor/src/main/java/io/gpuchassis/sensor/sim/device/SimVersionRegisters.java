package io.gpuchassis.sensor.sim.device;

/**
 * A programmable part (a CPLD design, a retimer) that reports its firmware version in consecutive
 * SMBus byte registers, read-only: a write sets the register pointer, and reads return bytes from
 * it onwards; registers outside the version read 0. Only the version is modelled.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimVersionRegisters extends ByteRegisterDevice {

  /** {@code version} (one byte each, 0-255) in the registers from {@code firstRegister} on. */
  public SimVersionRegisters(String name, int firstRegister, int[] version) {
    super(name);
    if (firstRegister < 0 || firstRegister + version.length > 256) {
      throw new IllegalArgumentException(
          "the version's registers must lie within 0x00-0xff, starting at " + firstRegister);
    }
    for (int i = 0; i < version.length; i++) {
      if (version[i] < 0 || version[i] > 0xFF) {
        throw new IllegalArgumentException("a version register holds 0-255, not " + version[i]);
      }
      setByte(firstRegister + i, version[i]);
    }
  }

  @Override
  protected boolean writable(int address) {
    return false;
  }
}
