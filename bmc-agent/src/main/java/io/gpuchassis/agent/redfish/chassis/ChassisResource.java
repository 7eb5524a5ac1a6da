package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisIdentity;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.Chassis;
import io.gpuchassis.redfish.model.ChassisLinks;
import io.gpuchassis.redfish.model.ChassisType;
import io.gpuchassis.redfish.model.PowerState;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.List;

/**
 * {@code /redfish/v1/Chassis} and {@code /redfish/v1/Chassis/{ChassisId}}: the expansion chassis
 * itself.
 */
public final class ChassisResource {

  private final ChassisModel model;
  private final ChassisRollup rollup;
  private final ViewVersion views;

  /**
   * @param views the version of what the views read: their bodies are cached while it stands
   */
  public ChassisResource(ChassisModel model, ChassisRollup rollup, ViewVersion views) {
    this.model = model;
    this.rollup = rollup;
    this.views = views;
  }

  public void register(RedfishRoutes routes) {
    // the rollup is worked out once per version, when the body is rendered again
    routes.resource(
        Uris.CHASSIS,
        "ChassisCollection",
        params -> views.generation(),
        (params, caller) -> renderCollection(model.current()));
    routes.resource(
        Uris.CHASSIS_TEMPLATE,
        "Chassis",
        // its rollup shows statuses only: readings that change value leave the body as it is
        params -> views.statusNow(),
        (params, caller) -> render(find(params), rollup));
  }

  /** The current state, if {@code ChassisId} names this chassis. */
  ChassisState find(java.util.Map<String, String> params) {
    return ChassisLookup.state(model, params);
  }

  static ResourceCollection renderCollection(ChassisState state) {
    return Collections.render(
        Schemas.CHASSIS_COLLECTION,
        Uris.CHASSIS,
        "Chassis Collection",
        List.of(Uris.chassis(state.identity().id())));
  }

  static Chassis render(ChassisState state, ChassisRollup rollup) {
    ChassisIdentity identity = state.identity();
    String uri = Uris.chassis(identity.id());
    return new Chassis()
        .atOdataId(uri)
        .atOdataType(Schemas.CHASSIS.odataType())
        .id(identity.id())
        .name("GPU Expansion Chassis")
        .description(
            state.slots().size()
                + "-slot PCIe GPU expansion chassis with "
                + state.switches().size()
                + " switch chips and "
                + state.hosts().size()
                + " host ports")
        .chassisType(ChassisType.EXPANSION)
        .manufacturer(identity.manufacturer())
        .model(identity.model())
        .SKU(identity.sku())
        .serialNumber(identity.serialNumber())
        .partNumber(identity.partNumber())
        .powerState(PowerState.ON)
        .status(rollup.of(state))
        .pcIeSlots(Uris.ref(Uris.pcieSlots(identity.id())))
        .pcIeDevices(Uris.ref(Uris.pcieDevices(identity.id())))
        .sensors(Uris.ref(Uris.sensors(identity.id())))
        .thermalSubsystem(Uris.ref(Uris.thermalSubsystem(identity.id())))
        .powerSubsystem(Uris.ref(Uris.powerSubsystem(identity.id())))
        .environmentMetrics(Uris.ref(Uris.environmentMetrics(identity.id())))
        .thermal(Uris.ref(Uris.chassis(identity.id()) + "/Thermal"))
        .power(Uris.ref(Uris.chassis(identity.id()) + "/Power"))
        .links(
            new ChassisLinks()
                .managedBy(List.of(Uris.ref(Uris.manager())))
                .switches(
                    state.switches().stream()
                        .map(s -> Uris.ref(Uris.fabricSwitch(s.id())))
                        .toList()));
  }
}
