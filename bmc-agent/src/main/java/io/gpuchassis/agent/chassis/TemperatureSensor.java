package io.gpuchassis.agent.chassis;

/**
 * A chassis temperature sensor and where it measures (a Redfish PhysicalContext such as Intake).
 */
public record TemperatureSensor(String id, String physicalContext) {}
