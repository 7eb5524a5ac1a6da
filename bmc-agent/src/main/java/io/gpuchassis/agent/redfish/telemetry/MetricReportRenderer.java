package io.gpuchassis.agent.redfish.telemetry;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.telemetry.MetricReportData;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.model.MetricReport;
import io.gpuchassis.redfish.model.MetricValue;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * A metric report as Redfish shows it: the member of MetricReports, and the body of a report sent
 * to a subscriber (with the subscriber's Context) or a stream.
 */
public final class MetricReportRenderer {

  private MetricReportRenderer() {}

  public static MetricReport render(MetricReportData report, String name, String context) {
    MetricReport r =
        new MetricReport()
            .atOdataId(Uris.metricReport(report.definitionId()))
            .atOdataType(Schemas.METRIC_REPORT.odataType())
            .id(report.definitionId())
            .name(name)
            .timestamp(utc(report.timestamp()))
            .metricReportDefinition(Uris.ref(Uris.metricReportDefinition(report.definitionId())))
            .metricValues(
                report.values().stream()
                    .map(
                        v -> {
                          MetricValue value =
                              new MetricValue()
                                  .metricProperty(v.property())
                                  .metricValue(v.value())
                                  .timestamp(utc(v.timestamp()));
                          v.metricId().ifPresent(value::metricId);
                          return value;
                        })
                    .toList());
    if (!context.isEmpty()) {
      r.context(context);
    }
    return r;
  }

  public static String json(MetricReportData report, String name, String context) {
    try {
      return RedfishJson.mapper().writeValueAsString(render(report, name, context));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static OffsetDateTime utc(Instant t) {
    return t.atOffset(ZoneOffset.UTC);
  }
}
