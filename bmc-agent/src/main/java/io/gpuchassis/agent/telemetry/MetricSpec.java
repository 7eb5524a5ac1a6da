package io.gpuchassis.agent.telemetry;

import java.util.List;
import java.util.Optional;

/**
 * One metric of the chassis, a Redfish MetricDefinition: what it measures and every property (a
 * resource URI with a JSON pointer, {@code /redfish/v1/...#/Reading}) it is read from.
 *
 * @param metricType Numeric, Discrete or Counter
 * @param dataType Decimal, Integer or String
 * @param units UCUM units, where the metric has units
 * @param implementation PhysicalSensor (read from hardware) or DigitalMeter (a counter the switch
 *     keeps)
 */
public record MetricSpec(
    String id,
    String name,
    String metricType,
    String dataType,
    Optional<String> units,
    String implementation,
    Optional<String> physicalContext,
    List<String> discreteValues,
    List<String> properties) {

  public MetricSpec {
    discreteValues = List.copyOf(discreteValues);
    properties = List.copyOf(properties);
  }
}
