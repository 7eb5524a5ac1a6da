package io.gpuchassis.agent.sim.topology;

import java.util.Objects;
import java.util.Optional;

/**
 * One PCIe switch chip on the chassis board.
 *
 * <p>Its die temperature sensor is implied: every switch chip reports one temperature, so the
 * topology file does not list it separately.
 *
 * @param id chassis-unique id used by port references, e.g. {@code "SW1"}
 * @param manufacturer chip maker, e.g. {@code "Broadcom"}
 * @param model chip model, e.g. {@code "PEX89144"}
 * @param vendorId PCI vendor ID of the chip's management endpoint (16 bit)
 * @param deviceId PCI device ID of the chip's management endpoint (16 bit)
 * @param serialNumber chip serial number
 * @param firmwareVersion running firmware version as the chip reports it
 * @param laneCount total PCIe lanes of the chip; the ports in use must fit in it
 * @param portCount number of physical ports; valid port numbers are 0..portCount-1
 * @param maxGen highest PCIe generation the chip supports (1..6)
 * @param i2c where the chip's management (TWI/I2C slave) interface answers, if wired
 */
public record SwitchChip(
    String id,
    String manufacturer,
    String model,
    int vendorId,
    int deviceId,
    String serialNumber,
    String firmwareVersion,
    int laneCount,
    int portCount,
    int maxGen,
    Optional<I2cLocation> i2c) {

  public SwitchChip {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(manufacturer, "manufacturer");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(serialNumber, "serialNumber");
    Objects.requireNonNull(firmwareVersion, "firmwareVersion");
    Objects.requireNonNull(i2c, "i2c");
  }
}
