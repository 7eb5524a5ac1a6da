package io.gpuchassis.agent.redfish.telemetry;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.telemetry.MetricSpec;
import io.gpuchassis.agent.telemetry.Telemetry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.ImplementationType;
import io.gpuchassis.redfish.model.MetricDataType;
import io.gpuchassis.redfish.model.MetricDefinition;
import io.gpuchassis.redfish.model.MetricType;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.TelemetryService;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/TelemetryService} and its MetricDefinitions: the metrics the chassis has
 * ({@link io.gpuchassis.agent.telemetry.MetricCatalog}), read-only.
 */
public final class TelemetryServiceResource {

  private final Telemetry telemetry;

  public TelemetryServiceResource(Telemetry telemetry) {
    this.telemetry = telemetry;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.TELEMETRY_SERVICE, "TelemetryService", (params, caller) -> render());
    routes.resource(
        Uris.METRIC_DEFINITIONS,
        "MetricDefinitionCollection",
        (params, caller) ->
            Collections.render(
                Schemas.METRIC_DEFINITION_COLLECTION,
                Uris.METRIC_DEFINITIONS,
                "Metric Definitions",
                telemetry.catalog().all().stream()
                    .map(m -> Uris.metricDefinition(m.id()))
                    .toList()));
    routes.resource(
        Uris.METRIC_DEFINITION_TEMPLATE,
        "MetricDefinition",
        (params, caller) -> {
          String id = params.get("MetricDefinitionId");
          return telemetry
              .catalog()
              .byId(id)
              .map(TelemetryServiceResource::render)
              .orElseThrow(() -> RedfishErrors.notFound("MetricDefinition", id));
        });
  }

  TelemetryService render() {
    return new TelemetryService()
        .atOdataId(Uris.TELEMETRY_SERVICE)
        .atOdataType(Schemas.TELEMETRY_SERVICE.odataType())
        .id("TelemetryService")
        .name("Telemetry Service")
        .description(
            "Metric reports of the chassis' sensors and PCIe links: periodic, on change or on"
                + " request, kept here and sent to subscriptions of EventFormatType MetricReport")
        .serviceEnabled(true)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        .maxReports(Telemetry.MAX_DEFINITIONS)
        .minCollectionInterval(Telemetry.MIN_INTERVAL.toString())
        .supportedCollectionFunctions(List.of())
        .metricDefinitions(Uris.ref(Uris.METRIC_DEFINITIONS))
        .metricReportDefinitions(Uris.ref(Uris.METRIC_REPORT_DEFINITIONS))
        .metricReports(Uris.ref(Uris.METRIC_REPORTS));
  }

  static MetricDefinition render(MetricSpec m) {
    MetricDefinition d =
        new MetricDefinition()
            .atOdataId(Uris.metricDefinition(m.id()))
            .atOdataType(Schemas.METRIC_DEFINITION.odataType())
            .id(m.id())
            .name(m.name())
            .metricType(MetricType.fromValue(m.metricType()))
            .metricDataType(MetricDataType.fromValue(m.dataType()))
            .implementation(ImplementationType.fromValue(m.implementation()))
            .isLinear(!m.metricType().equals("Discrete"))
            .metricProperties(m.properties());
    m.units().ifPresent(d::units);
    m.physicalContext().ifPresent(d::physicalContext);
    if (!m.discreteValues().isEmpty()) {
      d.discreteValues(m.discreteValues());
    }
    return d;
  }
}
