package io.gpuchassis.agent.sim.topology;

import java.util.Objects;
import java.util.Optional;

/**
 * A chassis temperature sensor listed explicitly in the topology file (inlet, outlet, ...).
 *
 * <p>Switch die and GPU temperatures are not listed here; they come with every {@link
 * SwitchChip} and every {@link Gpu}.
 *
 * @param id chassis-unique id, e.g. {@code "InletTemp"}
 * @param physicalContext where the sensor measures, in Redfish terms
 * @param i2c where the sensor chip answers, if wired
 */
public record TemperatureSensor(String id, PhysicalContext physicalContext, Optional<I2cLocation> i2c) {

  public TemperatureSensor {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(physicalContext, "physicalContext");
    Objects.requireNonNull(i2c, "i2c");
  }
}
