package io.gpuchassis.agent.sim.topology;

import java.util.Objects;
import java.util.Optional;

/**
 * A power supply unit.
 *
 * @param id chassis-unique id, e.g. {@code "PSU1"}
 * @param model PSU model name
 * @param ratedWatts rated DC output power in watts
 * @param i2c where the PSU's PMBus interface answers, if wired
 */
public record PowerSupply(String id, String model, int ratedWatts, Optional<I2cLocation> i2c) {

  public PowerSupply {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(i2c, "i2c");
  }
}
