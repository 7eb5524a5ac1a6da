package io.gpuchassis.agent.platform;

/**
 * How the chassis's power supplies back each other up.
 *
 * @param type the Redfish RedundancyType (e.g. {@code NPlusM})
 * @param minNeeded supplies that must work to power the whole chassis
 */
public record SupplyRedundancy(String type, int minNeeded) {}
