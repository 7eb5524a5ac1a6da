package io.gpuchassis.agent.board;

import java.util.List;
import java.util.Objects;

/**
 * An INA226 on a 12 V rail.
 *
 * @param id board-unique id, e.g. {@code "RailSW1"}
 * @param path where the monitor answers
 * @param shuntOhms the shunt resistor, in ohms
 * @param maxAmps the largest current to resolve, in amperes; sets the current resolution
 * @param feeds numbers of the slots whose power flows through the shunt, in file order
 */
public record RailMonitorDevice(
    String id, I2cPath path, double shuntOhms, double maxAmps, List<Integer> feeds)
    implements I2cDevice {

  public RailMonitorDevice {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(path, "path");
    feeds = List.copyOf(feeds);
  }

  @Override
  public I2cPart part() {
    return I2cPart.INA226;
  }
}
