package io.gpuchassis.sensor.sim.bus;

/** A simulated target did not acknowledge (absent, unpowered, or a NAK injected by a test). */
public class I2cNakException extends RuntimeException {

  public I2cNakException(String message) {
    super(message);
  }
}
