package io.gpuchassis.sensor.layout;

/**
 * A PMBus power supply; page 0 is its main 12 V output.
 *
 * @param ratedWatts rated DC output
 */
public record PsuSpec(String id, I2cLocation location, double ratedWatts) {

  public PsuSpec {
    Specs.requireId(id);
    if (ratedWatts <= 0) {
      throw new IllegalArgumentException(id + ": rated power must be positive");
    }
  }
}
