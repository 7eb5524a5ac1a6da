package io.gpuchassis.sensor.sim.bus;

import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CBusBase;
import com.pi4j.io.i2c.I2CConfig;
import java.util.concurrent.Callable;

/**
 * Pi4J's view of one simulated bus: the same fair, reentrant per-bus lock (with Pi4J's 1 s acquire
 * timeout) that the linuxfs provider uses, so locking behaviour in simulation matches hardware.
 */
final class SimulatedI2CBus extends I2CBusBase {

  private final SimI2cSegment segment;

  SimulatedI2CBus(I2CConfig config, SimI2cSegment segment) {
    super(config);
    this.segment = segment;
  }

  SimI2cSegment segment() {
    return segment;
  }

  @Override
  public <R> R execute(I2C i2c, Callable<R> action) {
    return _execute(i2c, action);
  }
}
