package io.gpuchassis.sensor.sim.bus;

/**
 * What answers at one address of a simulated bus. Three kinds of transaction reach it: a {@link
 * #write} (START, address+W, data, STOP), a {@link #read} on its own (START, address+R, data,
 * STOP), and a combined {@link #writeRead} (the write, a REPEATED START, the read), which is how
 * every SMBus read and every Pi4J {@code readRegister} arrives. Implementations throw {@link
 * I2cNakException} to refuse a transfer. Called with the Pi4J bus lock held; implementations also
 * guard their own state against the physics thread.
 *
 * <p>{@link #kind()} declares how the target treats a read on its own; the bus enforces it (a
 * {@link TargetKind#SMBUS_COMMAND} target never sees a lone read, it is not acknowledged). It can
 * also be declared where the target is attached ({@link SimI2cSegment#attach(int, SimI2cTarget,
 * TargetKind)}), which overrides this method.
 */
public interface SimI2cTarget {

  /** A write transaction. */
  void write(byte[] data);

  /** A read transaction on its own, after a STOP. */
  byte[] read(int length);

  /**
   * A combined transaction: {@code data} written, then {@code length} bytes read after a repeated
   * start. By default the two halves in order, which is what a pointer-register device does.
   */
  default byte[] writeRead(byte[] data, int length) {
    write(data);
    return read(length);
  }

  /** How this target answers a read on its own; pointer-register devices unless overridden. */
  default TargetKind kind() {
    return TargetKind.POINTER_REGISTER;
  }
}
