package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.redfish.error.RedfishErrors;
import java.util.Map;

/** The chassis a route's {@code {ChassisId}} names: this chassis's current snapshot, or 404. */
final class ChassisLookup {

  private ChassisLookup() {}

  static ChassisState state(ChassisModel model, Map<String, String> params) {
    ChassisState state = model.current();
    String id = params.get("ChassisId");
    if (!state.identity().id().equals(id)) {
      throw RedfishErrors.notFound("Chassis", id);
    }
    return state;
  }
}
