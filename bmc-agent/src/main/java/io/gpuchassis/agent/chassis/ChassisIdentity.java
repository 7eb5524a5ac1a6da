package io.gpuchassis.agent.chassis;

/**
 * What the chassis says about itself (its FRU data): the Redfish Chassis Id and the asset fields,
 * with the operator's asset tag ("" until one is set).
 */
public record ChassisIdentity(
    String id,
    String manufacturer,
    String model,
    String sku,
    String serialNumber,
    String partNumber,
    String assetTag) {

  /** An identity without an asset tag. */
  public ChassisIdentity(
      String id,
      String manufacturer,
      String model,
      String sku,
      String serialNumber,
      String partNumber) {
    this(id, manufacturer, model, sku, serialNumber, partNumber, "");
  }

  /** This identity with the serial number the hardware reports. */
  public ChassisIdentity withSerialNumber(String serial) {
    return new ChassisIdentity(id, manufacturer, model, sku, serial, partNumber, assetTag);
  }

  /** This identity with the operator's asset tag. */
  public ChassisIdentity withAssetTag(String tag) {
    return new ChassisIdentity(id, manufacturer, model, sku, serialNumber, partNumber, tag);
  }
}
