package io.gpuchassis.agent.redfish.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SwitchChip;
import io.gpuchassis.agent.chassis.SwitchObservation;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.FabricSwitch;
import io.gpuchassis.redfish.model.PowerState;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.ResetAction;
import io.gpuchassis.redfish.model.ResetType;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.model.SwitchActions;
import io.gpuchassis.redfish.model.SwitchLinks;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code /redfish/v1/Fabrics/PCIe/Switches[/{SwitchId}]}: the switch chips, as last polled. */
public final class SwitchResource {

  private final ChassisModel model;
  private final FabricHealth health;
  private final java.util.function.Predicate<String> updating;

  /**
   * @param updating whether a switch's firmware is being written or the switch reset right now
   */
  public SwitchResource(
      ChassisModel model, FabricHealth health, java.util.function.Predicate<String> updating) {
    this.model = model;
    this.health = health;
    this.updating = updating;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.SWITCHES, "SwitchCollection", (params, caller) -> renderCollection(model.current()));
    routes.resource(
        Uris.SWITCH_TEMPLATE,
        "Switch",
        (params, caller) -> {
          ChassisState state = model.current();
          return render(state, find(state, params.get("SwitchId")));
        });
  }

  static SwitchChip find(ChassisState state, String id) {
    return state.switchChip(id).orElseThrow(() -> RedfishErrors.notFound("Switch", id));
  }

  static io.gpuchassis.redfish.model.ResourceCollection renderCollection(ChassisState state) {
    return Collections.render(
        Schemas.SWITCH_COLLECTION,
        Uris.SWITCHES,
        "PCIe Switch Collection",
        state.switches().stream().map(s -> Uris.fabricSwitch(s.id())).toList());
  }

  FabricSwitch render(ChassisState state, SwitchChip chip) {
    Optional<SwitchObservation> observation = state.switchObservation(chip.id());
    FabricSwitch body =
        new FabricSwitch()
            .atOdataId(Uris.fabricSwitch(chip.id()))
            .atOdataType(Schemas.SWITCH.odataType())
            .id(chip.id())
            .name("PCIe Switch " + chip.id())
            .description(chip.lanes() + "-lane PCIe switch chip")
            .switchType(Protocol.PCIE)
            .manufacturer(chip.vendor())
            .model(chip.model())
            .serialNumber(observation.flatMap(SwitchObservation::serialNumber).orElse(null))
            .UUID(
                observation
                    .flatMap(SwitchObservation::serialNumber)
                    .flatMap(io.gpuchassis.agent.chassis.StableUuids::switchChip)
                    .map(java.util.UUID::toString)
                    .orElse(null))
            .firmwareVersion(observation.flatMap(SwitchObservation::firmwareVersion).orElse(null))
            .totalSwitchWidth(chip.lanes())
            .isManaged(true)
            .powerState(PowerState.ON)
            .status(
                new Status()
                    .state(updating.test(chip.id()) ? State.UPDATING : State.ENABLED)
                    .health(health.ofSwitch(state, chip.id()))
                    .healthRollup(health.rollupOfSwitch(state, chip.id())))
            .ports(Uris.ref(Uris.ports(chip.id())))
            .actions(
                new SwitchActions()
                    .hashSwitchReset(
                        new ResetAction()
                            .target(SwitchResetAction.target(chip.id()))
                            .resetTypeAtRedfishAllowableValues(List.of(ResetType.FORCE_RESTART))))
            .links(
                new SwitchLinks()
                    .chassis(Uris.ref(Uris.chassis(state.identity().id())))
                    .managedBy(List.of(Uris.ref(Uris.manager()))));
    Map<String, Object> oem = new LinkedHashMap<>();
    observation.ifPresent(
        o -> {
          oem.put("LastPolled", o.observedAt().toString());
          o.failure().ifPresent(reason -> oem.put("ManagementFault", reason));
          o.dieTemperatureCelsius()
              .ifPresent(t -> oem.put("DieTemperatureCelsius", Math.round(t * 10) / 10.0));
        });
    if (!oem.isEmpty()) {
      body.oem(OemSchema.oem(OemSchema.SWITCH, oem));
    }
    return body;
  }
}
