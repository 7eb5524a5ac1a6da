package io.gpuchassis.agent.redfish.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Fabric;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/Fabrics}, {@code /redfish/v1/Fabrics/PCIe} (the chassis's PCIe fabric) and,
 * when the board has Ethernet hosts, {@code /redfish/v1/Fabrics/RoCE}.
 */
public final class FabricResource {

  private final ChassisModel model;
  private final FabricHealth health;
  private final ViewVersion views;

  /**
   * @param views the version of what the views read: their bodies are cached while it stands
   */
  public FabricResource(ChassisModel model, FabricHealth health, ViewVersion views) {
    this.model = model;
    this.health = health;
    this.views = views;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.FABRICS,
        "FabricCollection",
        params -> 0L,
        (params, caller) ->
            Collections.render(
                Schemas.FABRIC_COLLECTION,
                Uris.FABRICS,
                "Fabric Collection",
                hasEthernetHosts(model.current())
                    ? List.of(Uris.FABRIC, Uris.ROCE_FABRIC)
                    : List.of(Uris.FABRIC)));
    routes.resource(
        Uris.FABRIC_TEMPLATE,
        "Fabric",
        params -> views.fabricNow(),
        (params, caller) -> {
          String id = params.get("FabricId");
          ChassisState state = model.current();
          if (Uris.ROCE_FABRIC_ID.equals(id) && hasEthernetHosts(state)) {
            return renderRoce(state);
          }
          if (!Uris.FABRIC_ID.equals(id)) {
            throw RedfishErrors.notFound("Fabric", id);
          }
          return render(state);
        });
  }

  static boolean hasEthernetHosts(ChassisState state) {
    return state.hosts().stream().anyMatch(io.gpuchassis.agent.chassis.HostPort::overEthernet);
  }

  /** The RoCEv2 fabric: the Ethernet hosts and the GPUs behind ExpEther I/O engines. */
  Fabric renderRoce(ChassisState state) {
    return new Fabric()
        .atOdataId(Uris.ROCE_FABRIC)
        .atOdataType(Schemas.FABRIC.odataType())
        .id(Uris.ROCE_FABRIC_ID)
        .name("RoCE Fabric")
        .description("The Ethernet hosts and the GPUs behind ExpEther I/O engines, grouped by VLAN")
        .fabricType(Protocol.RO_CEV2)
        .status(new Status().state(State.ENABLED).health(io.gpuchassis.redfish.model.Health.OK))
        .endpoints(Uris.ref(Uris.ROCE_ENDPOINTS))
        .zones(Uris.ref(Uris.ROCE_ZONES))
        .connections(Uris.ref(Uris.ROCE_CONNECTIONS))
        .addressPools(Uris.ref(Uris.ROCE_ADDRESS_POOLS));
  }

  Fabric render(ChassisState state) {
    return new Fabric()
        .atOdataId(Uris.FABRIC)
        .atOdataType(Schemas.FABRIC.odataType())
        .id(Uris.FABRIC_ID)
        .name("PCIe Fabric")
        .description("The PCIe switch fabric joining the GPU slots to the host ports")
        .UUID(
            io.gpuchassis.agent.chassis.StableUuids.fabric(state.identity().serialNumber())
                .map(java.util.UUID::toString)
                .orElse(null))
        .fabricType(Protocol.PCIE)
        .status(
            new Status()
                .state(State.ENABLED)
                .health(health.ofFabric(state))
                .healthRollup(health.ofFabric(state)))
        .switches(Uris.ref(Uris.SWITCHES))
        .endpoints(Uris.ref(Uris.ENDPOINTS))
        .zones(Uris.ref(Uris.ZONES))
        .connections(Uris.ref(Uris.CONNECTIONS))
        .oem(PeerPathsResource.fabricOem());
  }
}
