package io.gpuchassis.agent.redfish.fabric;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.agent.redfish.tasks.TaskResponses;
import io.gpuchassis.agent.redfish.update.UpdateTasks;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Set;

/**
 * {@code Switch.Reset} on {@code /redfish/v1/Fabrics/PCIe/Switches/{SwitchId}}: a hard reset of the
 * chip, which drops every link through it, so it is refused while a GPU is bound through the chip.
 * It is how firmware written for OnReset starts running; the task reports whether the new image
 * came up (Update registry).
 */
public final class SwitchResetAction {

  static final String ACTION = "Switch.Reset";

  /** The only reset a switch chip has: a hard one (every link drops and retrains). */
  static final List<String> RESET_TYPES = List.of("ForceRestart");

  private final ChassisModel model;
  private final FirmwareUpdates updates;
  private final UpdateTasks tasks;

  public SwitchResetAction(ChassisModel model, FirmwareUpdates updates, UpdateTasks tasks) {
    this.model = model;
    this.updates = updates;
    this.tasks = tasks;
  }

  public static String target(String switchId) {
    return Uris.fabricSwitch(switchId) + "/Actions/" + ACTION;
  }

  public void register(RedfishRoutes routes) {
    // An action is a POST on the resource that offers it: the Switch's privileges
    // (ConfigureComponents).
    routes.post(Uris.SWITCH_TEMPLATE + "/Actions/" + ACTION, "Switch", this::reset);
  }

  private void reset(RoutingContext ctx) {
    String id = SwitchResource.find(model.current(), ctx.pathParam("SwitchId")).id();
    ObjectNode body = RequestBodies.object(ctx);
    ActionParameters parameters =
        new ActionParameters(ACTION, body).expect(List.of(), List.of("ResetType"), Set.of());
    if (body.has("ResetType")) {
      parameters.oneOf("ResetType", RESET_TYPES);
    }
    FirmwareUpdates.ReservedReset reserved = updates.reserveReset(id);
    tasks.start(
        ctx,
        "Reset of switch " + id,
        TaskResponses.payloadOf(ctx),
        progress -> updates.reset(reserved, progress));
  }
}
