package io.gpuchassis.sensor.sim.device;

import io.gpuchassis.sensor.sim.bus.SimI2cMux;
import java.util.Arrays;

/**
 * PCA9548A: one control byte; bit n connects channel n. Reads return the control byte.
 *
 * <p>Thread-safety: as every {@link SimDevice}, synchronised on the device.
 */
public final class SimPca9548 extends SimDevice implements SimI2cMux {

  private volatile int control;

  public SimPca9548(String name) {
    super(name);
  }

  @Override
  protected void onWrite(byte[] data) {
    if (data.length > 0) {
      control = Byte.toUnsignedInt(data[data.length - 1]);
    }
  }

  @Override
  protected byte[] onRead(int length) {
    byte[] out = new byte[length];
    Arrays.fill(out, (byte) control);
    return out;
  }

  // volatile, not synchronized: the bus routes through it while another device's monitor may be
  // held
  @Override
  public int connectedChannels() {
    return control;
  }
}
