package io.gpuchassis.agent.redfish.aggregation;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.AggregationService;
import io.gpuchassis.redfish.route.RedfishRoutes;

/**
 * {@code /redfish/v1/AggregationService}, registered only with a Sunfish core configured
 * (docs/COMPOSITION.md, "Sunfish"): the agent aggregates no other service, so the service holds
 * nothing but its {@link ConnectionMethodResource ConnectionMethods}, which the core reads when the
 * agent registers. Read-only.
 */
public final class AggregationServiceResource {

  public void register(RedfishRoutes routes) {
    routes.resource(Uris.AGGREGATION_SERVICE, "AggregationService", (params, caller) -> render());
  }

  static AggregationService render() {
    return new AggregationService()
        .atOdataId(Uris.AGGREGATION_SERVICE)
        .atOdataType(Schemas.AGGREGATION_SERVICE.odataType())
        .id("AggregationService")
        .name("Aggregation Service")
        .description(
            "How the configured Sunfish core reaches this agent; the agent aggregates no other"
                + " service")
        .connectionMethods(Uris.ref(Uris.CONNECTION_METHODS));
  }
}
