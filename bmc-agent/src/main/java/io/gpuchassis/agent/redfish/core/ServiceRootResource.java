package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.model.ServiceRoot;
import io.gpuchassis.redfish.model.ServiceRootLinks;
import io.gpuchassis.redfish.query.ProtocolFeatures;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.Map;

/**
 * {@code /redfish} (the version document) and {@code /redfish/v1/} (the service root); both open to
 * everyone. The root links the AggregationService only where it is served: with a Sunfish core
 * configured.
 */
public final class ServiceRootResource {

  static final String REDFISH_VERSION = "1.21.0";

  private final ServiceIdentity identity;
  private final boolean aggregationService;

  /**
   * @param aggregationService whether the AggregationService is served (a Sunfish core is
   *     configured)
   */
  public ServiceRootResource(ServiceIdentity identity, boolean aggregationService) {
    this.identity = identity;
    this.aggregationService = aggregationService;
  }

  public void register(RedfishRoutes routes) {
    routes.get(
        "/redfish",
        PrivilegeRule.NO_AUTH,
        ctx -> RedfishResponses.ok(ctx, Map.of("v1", Uris.ROOT)));
    // the identity never changes while the agent runs: one version for good
    routes.resource(
        Uris.ROOT,
        "ServiceRoot",
        params -> 0L,
        (params, caller) -> render(identity, aggregationService));
  }

  static ServiceRoot render(ServiceIdentity identity, boolean aggregationService) {
    return new ServiceRoot()
        .atOdataId(Uris.ROOT)
        .atOdataType(Schemas.SERVICE_ROOT.odataType())
        .id("RootService")
        .name("Root Service")
        .redfishVersion(REDFISH_VERSION)
        .UUID(identity.uuid().toString())
        .product(identity.product())
        .vendor(identity.vendor())
        .chassis(Uris.ref(Uris.CHASSIS))
        .managers(Uris.ref(Uris.MANAGERS))
        .protocolFeaturesSupported(ProtocolFeatures.supported())
        .sessionService(Uris.ref(Uris.SESSION_SERVICE))
        .accountService(Uris.ref(Uris.ACCOUNT_SERVICE))
        .fabrics(Uris.ref(Uris.FABRICS))
        .compositionService(Uris.ref(Uris.COMPOSITION_SERVICE))
        .eventService(Uris.ref(Uris.EVENT_SERVICE))
        .systems(Uris.ref(Uris.SYSTEMS))
        .registries(Uris.ref(Uris.REGISTRIES))
        .jsonSchemas(Uris.ref(Uris.JSON_SCHEMAS))
        .certificateService(Uris.ref(Uris.CERTIFICATE_SERVICE))
        .tasks(Uris.ref(Uris.TASK_SERVICE))
        .telemetryService(Uris.ref(Uris.TELEMETRY_SERVICE))
        .updateService(Uris.ref(Uris.UPDATE_SERVICE))
        .aggregationService(aggregationService ? Uris.ref(Uris.AGGREGATION_SERVICE) : null)
        .links(
            new ServiceRootLinks()
                .sessions(Uris.ref(Uris.SESSIONS))
                .managerProvidingService(Uris.ref(Uris.manager())));
  }
}
