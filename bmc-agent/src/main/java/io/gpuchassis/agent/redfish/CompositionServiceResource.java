package io.gpuchassis.agent.redfish;

import io.gpuchassis.redfish.model.CompositionService;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;

/**
 * {@code /redfish/v1/CompositionService}: the composition view of the binding engine. GPUs are resource blocks; the
 * hosts are fixed, expandable computer systems that gain and lose GPUs through AddResourceBlock/RemoveResourceBlock.
 */
final class CompositionServiceResource {

  void register(RedfishRoutes routes) {
    routes.resource(Uris.COMPOSITION_SERVICE, "CompositionService", (params, caller) -> render());
  }

  static CompositionService render() {
    return new CompositionService()
        .atOdataId(Uris.COMPOSITION_SERVICE)
        .atOdataType(Schemas.COMPOSITION_SERVICE.odataType())
        .id("CompositionService")
        .name("Composition Service")
        .description("GPUs as resource blocks, composed into the hosts cabled to the chassis")
        .serviceEnabled(true)
        .status(new Status().state(State.ENABLED).health(Health.OK))
        // A GPU is bound to one host at a time: nothing is shared or overcommitted.
        .allowOverprovisioning(false)
        // Blocks are composed only within a resource zone (a switch chip).
        .allowZoneAffinity(true)
        .resourceBlocks(Uris.ref(Uris.RESOURCE_BLOCKS))
        .resourceZones(Uris.ref(Uris.RESOURCE_ZONES))
        .activePool(Uris.ref(Uris.ACTIVE_POOL))
        .freePool(Uris.ref(Uris.FREE_POOL));
  }
}
