package io.gpuchassis.sensor.layout;

/**
 * A downstream channel of an agent-driven PCA9548-class mux. (A mux owned by the kernel's {@code
 * i2c-mux-pca954x} needs none: its channels are plain bus numbers.)
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

  @Override
  public String toString() {
    return mux + " channel " + channel;
  }
}
