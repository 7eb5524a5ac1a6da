package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Control;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.gpuchassis.sensor.chassis.SensorIds;
import io.gpuchassis.sensor.fan.FanDecision;
import io.gpuchassis.sensor.fan.FanMode;
import java.util.List;
import java.util.Optional;

/**
 * {@code /redfish/v1/Chassis/{ChassisId}/Controls[/FanDuty]}: what the agent controls on the
 * chassis, as Redfish {@code Control} resources. Today that is the fans' duty, which the fan loop
 * sets (closed loop on the hottest GPU's margin, full speed on a lost input or a failed fan): read
 * only, {@code ControlMode} Automatic, health Warning while the loop is in failsafe. A board whose
 * fans something else runs has no control. The chassis enforces no power limit of its own (each GPU
 * keeps its own), so there is no power control.
 */
public final class ControlsResource {

  static final String FAN_DUTY = "FanDuty";

  private final ChassisModel model;
  private final HealthMonitor health;

  public ControlsResource(ChassisModel model, HealthMonitor health) {
    this.model = model;
    this.health = health;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.CONTROLS_TEMPLATE,
        "ControlCollection",
        (params, caller) -> {
          String chassis = ChassisLookup.state(model, params).identity().id();
          return Collections.render(
              Schemas.CONTROL_COLLECTION,
              Uris.controls(chassis),
              "Chassis Controls",
              fansControlled() ? List.of(Uris.controls(chassis) + "/" + FAN_DUTY) : List.of());
        });
    routes.resource(
        Uris.CONTROL_TEMPLATE,
        "Control",
        (params, caller) -> {
          ChassisState state = ChassisLookup.state(model, params);
          if (!FAN_DUTY.equals(params.get("ControlId")) || !fansControlled()) {
            throw RedfishErrors.notFound("Control", params.get("ControlId"));
          }
          return renderFanDuty(state, health.fanDecision());
        });
  }

  private boolean fansControlled() {
    return health.layout().fanController().isPresent();
  }

  /** The fan loop's last decision as a Control; no set point before its first step. */
  Control renderFanDuty(ChassisState state, Optional<FanDecision> decision) {
    String chassis = state.identity().id();
    List<String> rpmSensors =
        state.fans().stream()
            .map(f -> Uris.sensor(chassis, ChassisSensor.redfishIdOf(SensorIds.fanRpm(f.id()))))
            .toList();
    Control control =
        new Control()
            .atOdataId(Uris.controls(chassis) + "/" + FAN_DUTY)
            .atOdataType(Schemas.CONTROL.odataType())
            .id(FAN_DUTY)
            .name("Chassis fan duty")
            .description(
                "The duty every chassis fan runs at, set by the agent's fan loop: closed loop on the"
                    + " hottest GPU's margin to its caution threshold, full speed on a lost"
                    + " temperature input or a failed fan")
            .controlType(Control.ControlTypeEnum.DUTY_CYCLE)
            .controlMode(Control.ControlModeEnum.AUTOMATIC)
            .implementation(Control.ImplementationEnum.PROGRAMMABLE)
            .setPointUnits("%")
            .allowableMin(0.0)
            .allowableMax(100.0)
            .physicalContext("Chassis")
            .associatedSensors(rpmSensors.stream().map(Uris::ref).toList())
            .status(
                new Status()
                    .state(State.ENABLED)
                    .health(
                        decision
                            .map(d -> d.mode() == FanMode.NORMAL ? Health.OK : Health.WARNING)
                            .orElse(Health.OK)));
    decision.ifPresent(d -> control.setPoint(d.dutyPercent()));
    return control;
  }
}
