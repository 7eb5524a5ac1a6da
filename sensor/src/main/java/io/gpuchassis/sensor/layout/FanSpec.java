package io.gpuchassis.sensor.layout;

/**
 * One fan on a fan-controller channel.
 *
 * @param channel controller channel, 0-5
 * @param maxRpm speed at 100 % duty
 */
public record FanSpec(String id, int channel, int maxRpm) {

  public FanSpec {
    Specs.requireId(id);
    if (channel < 0 || channel > 5 || maxRpm < 1) {
      throw new IllegalArgumentException(id + ": channel must be 0-5 and maxRpm positive");
    }
  }
}
