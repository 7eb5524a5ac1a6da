package io.gpuchassis.sensor.layout;

import java.util.List;

/**
 * An INA226-class monitor on a 12 V rail.
 *
 * @param shuntOhms shunt resistor
 * @param maxAmps largest current to resolve
 * @param slotsFed slots whose power flows through this shunt
 */
public record PowerMonitorSpec(
    String id, I2cLocation location, double shuntOhms, double maxAmps, List<Integer> slotsFed) {

  public PowerMonitorSpec {
    Specs.requireId(id);
    if (shuntOhms <= 0 || maxAmps <= 0) {
      throw new IllegalArgumentException(id + ": shunt and maximum current must be positive");
    }
    slotsFed = List.copyOf(slotsFed);
  }
}
