package io.gpuchassis.sensor.layout;

/**
 * A chassis LM75/TMP75-class temperature sensor.
 *
 * @param resolutionBits 9 (LM75) to 12 (TMP75 in 12-bit mode)
 */
public record TemperatureSensorSpec(
    String id, I2cLocation location, Placement placement, int resolutionBits) {

  public TemperatureSensorSpec {
    Specs.requireId(id);
    if (resolutionBits < 9 || resolutionBits > 12) {
      throw new IllegalArgumentException(id + ": resolution must be 9-12 bits");
    }
  }

  /**
   * True at 12 bits: an LSB of 0.0625 °C lies below the part's noise, so a live sensor's value
   * changes from read to read and a long run of identical values means it is frozen. A coarser part
   * may read the same value for minutes.
   */
  public boolean dithers() {
    return resolutionBits == 12;
  }
}
