package io.gpuchassis.switchdrv.sim;

import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProviderBase;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Pi4J I2C provider whose buses hold simulated switch chips: {@link #attach} puts a chip's TWI
 * slave at (bus, address); {@code create} opens a device there. Add it to an explicitly built
 * context ({@code Pi4J.newContextBuilder().noAutoDetect().add(provider).build()}) so that the
 * classpath never decides between real and simulated hardware. Thread-safe.
 */
public final class SimulatedI2cProvider extends I2CProviderBase {

  public static final String ID = "gpuchassis-sim-i2c";

  private final Map<Long, TwiSlave> slaves = new ConcurrentHashMap<>();
  private final Map<Integer, SimulatedI2c.Bus> buses = new ConcurrentHashMap<>();

  public SimulatedI2cProvider() {
    super(ID, "GPU chassis simulated switch I2C");
  }

  private static long key(int bus, int address) {
    return (long) bus << 16 | address;
  }

  /** Places {@code chip}'s TWI slave at {@code address} on {@code bus}; returns the slave. */
  public TwiSlave attach(int bus, int address, SimulatedSwitch chip) {
    TwiSlave s = new TwiSlave(chip, address);
    slaves.put(key(bus, address), s);
    return s;
  }

  @Override
  public int getPriority() {
    return 0;
  }

  @Override
  public I2C create(I2CConfig config) {
    TwiSlave slave = slaves.get(key(config.bus(), config.device()));
    if (slave == null) {
      throw new com.pi4j.io.exception.IOException(
          String.format(
              "no simulated device at bus %d address 0x%02x", config.bus(), config.device()));
    }
    SimulatedI2c.Bus bus = buses.computeIfAbsent(config.bus(), b -> new SimulatedI2c.Bus(config));
    SimulatedI2c dev = new SimulatedI2c(this, config, slave, bus);
    this.context.registry().add(dev);
    return dev;
  }
}
