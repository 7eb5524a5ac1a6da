package io.gpuchassis.agent.health;

/**
 * What the health views render from: the running monitor, the sensors as Redfish names them, and
 * the supplies' redundancy (Redfish RedundancyType, and how many supplies must work to power the
 * whole chassis).
 */
public record ChassisHealth(
    HealthMonitor monitor, SensorCatalog catalog, String redundancyType, int minSuppliesNeeded) {}
