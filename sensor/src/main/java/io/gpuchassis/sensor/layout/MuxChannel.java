package io.gpuchassis.sensor.layout;

/**
 * A downstream channel of an agent-driven PCA9548-class mux.
 *
 * @param mux where the mux answers; devices behind it are on the same bus
 * @param channel 0-7
 */
public record MuxChannel(I2cLocation mux, int channel) {

  public MuxChannel {
    if (channel < 0 || channel > 7) {
      throw new IllegalArgumentException("mux channel must be 0-7: " + channel);
    }
  }
}
