package io.gpuchassis.agent.redfish.update;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.firmware.ApplyTime;
import io.gpuchassis.agent.firmware.UpdateRequest;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Reads the parameters of an update (the multipart push's UpdateParameters, or SimpleUpdate's body
 * without the image's whereabouts) into an {@link UpdateRequest}: Targets (switches or their
 * FirmwareInventory entries), ForceUpdate and {@code @Redfish.OperationApplyTime}. Anything else is
 * refused with the Base message that names it.
 */
final class UpdateRequests {

  private final ChassisModel model;

  UpdateRequests(ChassisModel model) {
    this.model = model;
  }

  /** The request's parameters in chassis terms; unknown or unsupported parameters are refused. */
  UpdateRequest read(String action, ObjectNode parameters, String imageName) {
    Set<String> known = Set.of("Targets", "ForceUpdate");
    Set<String> unsupported = Set.of("ExcludeTargets", "Stage", "LocalImage", "Oem");
    List<RedfishException> problems = new ArrayList<>();
    parameters
        .fieldNames()
        .forEachRemaining(
            name -> {
              if (unsupported.contains(name)) {
                problems.add(
                    RedfishErrors.of(
                        BaseMessages.ACTION_PARAMETER_NOT_SUPPORTED.with(name, action)));
              } else if (!known.contains(name) && !name.equals("@Redfish.OperationApplyTime")) {
                problems.add(
                    RedfishErrors.of(BaseMessages.ACTION_PARAMETER_UNKNOWN.with(action, name)));
              }
            });
    if (!problems.isEmpty()) {
      throw problems.get(0);
    }
    List<String> switchIds = new ArrayList<>();
    boolean agent = false;
    JsonNode targets = parameters.path("Targets");
    if (!targets.isMissingNode() && !targets.isArray()) {
      throw RedfishErrors.of(
          BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR.with(
              targets.toString(), "Targets", action));
    }
    for (JsonNode target : targets) {
      String uri = target.asText();
      if (uri.equals(Uris.firmwareInventory(Uris.AGENT_FIRMWARE_ID))
          || uri.equals(Uris.manager())) {
        agent = true;
      } else {
        switchIds.add(switchOf(uri, action));
      }
    }
    JsonNode force = parameters.path("ForceUpdate");
    if (!force.isMissingNode() && !force.isBoolean()) {
      throw RedfishErrors.of(
          BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR.with(
              force.toString(), "ForceUpdate", action));
    }
    String applyTime = parameters.path("@Redfish.OperationApplyTime").asText("OnReset");
    // an update that waits for StartUpdate is written then, to run from the chip's next reset
    boolean waits = applyTime.equals(ON_START_UPDATE);
    String runs = waits ? ApplyTime.ON_RESET.redfishName() : applyTime;
    ApplyTime when =
        Arrays.stream(ApplyTime.values())
            .filter(a -> a.redfishName().equals(runs))
            .findFirst()
            .orElseThrow(
                () ->
                    RedfishErrors.of(
                        BaseMessages.ACTION_PARAMETER_VALUE_NOT_IN_LIST.with(
                            applyTime, "@Redfish.OperationApplyTime", action)));
    return new UpdateRequest(
        imageName,
        switchIds.stream().distinct().toList(),
        when,
        force.asBoolean(false),
        waits,
        agent);
  }

  /** The apply time that waits for {@code UpdateService.StartUpdate}. */
  static final String ON_START_UPDATE = "OnStartUpdateRequest";

  /** A target: a switch's FirmwareInventory entry, or the switch itself. */
  private String switchOf(String uri, String action) {
    for (var chip : model.current().switches()) {
      if (uri.equals(Uris.firmwareInventory(chip.id()))
          || uri.equals(Uris.fabricSwitch(chip.id()))) {
        return chip.id();
      }
    }
    throw RedfishErrors.of(
            BaseMessages.ACTION_PARAMETER_VALUE_NOT_IN_LIST.with(uri, "Targets", action))
        .withDetail(
            "targets are the FirmwareInventory entries of the switches (or the switches) and of the"
                + " agent (or its Manager)");
  }
}
