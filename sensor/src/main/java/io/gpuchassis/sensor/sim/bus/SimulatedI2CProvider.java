package io.gpuchassis.sensor.sim.bus;

import com.pi4j.context.Context;
import com.pi4j.exception.Pi4JException;
import com.pi4j.exception.ShutdownException;
import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProviderBase;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The project's own Pi4J I2C provider for simulated hardware: a peer of Pi4J's linuxfs provider,
 * added to a context explicitly (see {@link io.gpuchassis.sensor.i2c.Pi4jContexts#withI2c}). Its
 * buses are the segments of a {@link SimI2cNetwork}; creating an I2C on a bus number the network
 * does not have, or on one whose adapter is {@linkplain #setAdapterMissing missing}, throws a
 * {@link Pi4JException} from {@code context.create(...)}, as linuxfs does when {@code
 * /sys/bus/i2c/devices/i2c-N} does not exist.
 *
 * <p>Thread-safety: safe; Pi4J serialises transfers per bus.
 */
public final class SimulatedI2CProvider extends I2CProviderBase {

  public static final String ID = "gpuchassis-sim-i2c";
  public static final String NAME = "GPU chassis simulated I2C";

  private final SimI2cNetwork network;
  private final Map<Integer, SimulatedI2CBus> buses = new HashMap<>();
  private final Set<Integer> missingAdapters = new HashSet<>();

  public SimulatedI2CProvider(SimI2cNetwork network) {
    super(ID, NAME);
    this.network = Objects.requireNonNull(network, "network");
  }

  public SimI2cNetwork network() {
    return network;
  }

  @Override
  public int getPriority() {
    return 0;
  }

  /**
   * While set, devices on {@code bus} cannot be created, as on a board whose adapter driver or
   * device-tree node is missing. Handles created earlier keep working (a missing adapter is a
   * start-up condition, not a runtime fault).
   */
  public synchronized void setAdapterMissing(int bus, boolean missing) {
    if (missing) {
      missingAdapters.add(bus);
    } else {
      missingAdapters.remove(bus);
    }
  }

  @Override
  public synchronized I2C create(I2CConfig config) {
    int number = config.bus();
    SimI2cSegment segment =
        network
            .existing(number)
            .filter(s -> !missingAdapters.contains(number))
            .orElseThrow(
                () ->
                    new Pi4JException(
                        "/sys/bus/i2c/devices/i2c-" + number + " does not exist (simulated)"));
    SimulatedI2CBus bus =
        buses.computeIfAbsent(config.bus(), n -> new SimulatedI2CBus(config, segment));
    SimulatedI2C i2c = new SimulatedI2C(this, config, bus);
    context.registry().add(i2c);
    return i2c;
  }

  @Override
  public synchronized SimulatedI2CProvider shutdown(Context context) throws ShutdownException {
    buses.clear();
    super.shutdown(context);
    return this;
  }
}
