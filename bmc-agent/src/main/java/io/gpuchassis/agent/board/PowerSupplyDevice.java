package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.PowerSupply;
import java.util.Objects;

/**
 * A power supply's PMBus interface.
 *
 * @param supply the chassis model's supply (id, model name, rated watts)
 * @param path where the PMBus interface answers
 */
public record PowerSupplyDevice(PowerSupply supply, I2cPath path) implements I2cDevice {

  public PowerSupplyDevice {
    Objects.requireNonNull(supply, "supply");
    Objects.requireNonNull(path, "path");
  }

  @Override
  public String id() {
    return supply.id();
  }

  @Override
  public I2cPart part() {
    return I2cPart.PMBUS_PSU;
  }
}
