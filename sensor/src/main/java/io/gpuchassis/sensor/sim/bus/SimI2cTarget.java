package io.gpuchassis.sensor.sim.bus;

/**
 * What answers at one address of a simulated bus. A register read arrives as {@link #write} of the pointer followed
 * by {@link #read} (a combined transfer with repeated start). Implementations throw {@link I2cNakException} to refuse
 * a transfer. Called with the Pi4J bus lock held; implementations also guard their own state against the physics
 * thread.
 */
public interface SimI2cTarget {

  /** A write transfer: START, address+W, {@code data}, STOP. */
  void write(byte[] data);

  /** A read transfer of {@code length} bytes. */
  byte[] read(int length);
}
