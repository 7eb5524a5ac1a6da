package io.gpuchassis.agent.redfish.telemetry;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.telemetry.ReportDefinition;
import io.gpuchassis.agent.telemetry.Telemetry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.route.RedfishRoutes;

/**
 * {@code /redfish/v1/TelemetryService/MetricReports}: the latest report of each definition with
 * ReportActions LogToMetricReportsCollection (ReportUpdates Overwrite), under the definition's Id;
 * an OnRequest definition's report is collected when it is read.
 */
public final class MetricReportResource {

  private final Telemetry telemetry;

  public MetricReportResource(Telemetry telemetry) {
    this.telemetry = telemetry;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.METRIC_REPORTS,
        "MetricReportCollection",
        (params, caller) ->
            Collections.render(
                Schemas.METRIC_REPORT_COLLECTION,
                Uris.METRIC_REPORTS,
                "Metric Reports",
                telemetry.reportIds().stream().map(Uris::metricReport).toList()));
    routes.resource(
        Uris.METRIC_REPORT_TEMPLATE,
        "MetricReport",
        (params, caller) -> {
          String id = params.get("MetricReportId");
          String name = telemetry.definition(id).map(ReportDefinition::name).orElse(id) + " report";
          return telemetry
              .report(id)
              .map(r -> MetricReportRenderer.render(r, name, ""))
              .orElseThrow(() -> RedfishErrors.notFound("MetricReport", id));
        });
  }
}
