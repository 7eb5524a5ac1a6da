package io.gpuchassis.agent.telemetry;

import java.time.Instant;
import java.util.List;

/** One report of a definition: when it was made and the values read. */
public record MetricReportData(String definitionId, Instant timestamp, List<Reading> values) {

  public MetricReportData {
    values = List.copyOf(values);
  }

  /**
   * One value: the metric it belongs to (empty for a property named without one), the property it
   * was read from, the value as text, and when the hardware was read (a sensor's ReadingTime) or
   * else when the report was made.
   */
  public record Reading(
      java.util.Optional<String> metricId, String property, String value, Instant timestamp) {}
}
