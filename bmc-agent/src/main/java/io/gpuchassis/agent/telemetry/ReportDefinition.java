package io.gpuchassis.agent.telemetry;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A MetricReportDefinition: which metrics to collect, when, and where the report goes.
 *
 * @param type when a report is made: every {@code interval} (Periodic), when a value changed
 *     (OnChange, looked at every {@link Telemetry#MIN_INTERVAL}), or when the report is read
 *     (OnRequest)
 * @param interval the Schedule's RecurrenceInterval of a Periodic definition
 * @param logToCollection ReportActions LogToMetricReportsCollection: the latest report is kept in
 *     the MetricReports collection (ReportUpdates Overwrite)
 * @param sendEvent ReportActions RedfishEvent: each report goes to subscribers and streams of
 *     EventFormatType MetricReport
 */
public record ReportDefinition(
    String id,
    String name,
    Type type,
    Optional<Duration> interval,
    boolean enabled,
    boolean logToCollection,
    boolean sendEvent,
    List<ReportMetric> metrics) {

  /** MetricReportDefinitionType. */
  public enum Type {
    Periodic,
    OnChange,
    OnRequest
  }

  /**
   * One entry of Metrics: a metric of the catalog by its MetricId (all its properties), or the
   * properties given, reported under {@code metricId} if one is given.
   */
  public record ReportMetric(Optional<String> metricId, List<String> properties) {
    public ReportMetric {
      properties = List.copyOf(properties);
    }
  }

  public ReportDefinition {
    metrics = List.copyOf(metrics);
    if (type == Type.Periodic && interval.isEmpty()) {
      throw new IllegalArgumentException("a Periodic definition needs an interval");
    }
  }

  public ReportDefinition withEnabled(boolean on) {
    return new ReportDefinition(id, name, type, interval, on, logToCollection, sendEvent, metrics);
  }
}
