package io.gpuchassis.agent.sim.topology;

import java.util.Objects;

/**
 * Identity of the chassis itself, as printed on its label and rendered in the Redfish
 * {@code Chassis} resource.
 *
 * @param id the Redfish Chassis Id, e.g. {@code "GPUChassis"}
 * @param manufacturer maker of the chassis
 * @param model marketing model name
 * @param partNumber manufacturer part number
 * @param serialNumber chassis serial number
 * @param sku stock-keeping unit
 */
public record ChassisInfo(
    String id,
    String manufacturer,
    String model,
    String partNumber,
    String serialNumber,
    String sku) {

  public ChassisInfo {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(manufacturer, "manufacturer");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(partNumber, "partNumber");
    Objects.requireNonNull(serialNumber, "serialNumber");
    Objects.requireNonNull(sku, "sku");
  }
}
