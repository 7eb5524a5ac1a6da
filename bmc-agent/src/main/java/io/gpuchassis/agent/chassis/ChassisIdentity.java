package io.gpuchassis.agent.chassis;

/**
 * What the chassis says about itself (its FRU data): the Redfish Chassis Id and the asset fields.
 */
public record ChassisIdentity(
    String id,
    String manufacturer,
    String model,
    String sku,
    String serialNumber,
    String partNumber) {}
