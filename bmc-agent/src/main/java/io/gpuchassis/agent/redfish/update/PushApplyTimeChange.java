package io.gpuchassis.agent.redfish.update;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.firmware.ApplyTime;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A PATCH of {@code HttpPushUriOptions}, read strictly: only {@code
 * HttpPushUriApplyTime.ApplyTime}, Immediate or OnReset, may be written.
 *
 * @param applyTime the apply time asked for; null when the change is refused
 * @param problem why it is refused; null when accepted
 */
record PushApplyTimeChange(ApplyTime applyTime, MessageInstance problem) {

  private static final String OPTIONS = "HttpPushUriOptions";
  private static final String APPLY_TIME = "HttpPushUriApplyTime";

  /** What the schema has there, which the agent does not let a PATCH write. */
  private static final Set<String> NOT_WRITABLE =
      Set.of(
          "ApplyTime@Redfish.AllowableValues",
          "MaintenanceWindowStartTime",
          "MaintenanceWindowDurationInSeconds");

  static PushApplyTimeChange of(ObjectNode options) {
    for (Iterator<String> it = options.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!name.equals(APPLY_TIME)) {
        return refused(
            BaseMessages.PROPERTY_UNKNOWN
                .with(OPTIONS + "/" + name)
                .about("/" + OPTIONS + "/" + name));
      }
    }
    JsonNode applyTime = options.path(APPLY_TIME);
    String at = "/" + OPTIONS + "/" + APPLY_TIME;
    if (!applyTime.isObject()) {
      return refused(
          applyTime.isMissingNode()
              ? BaseMessages.PROPERTY_MISSING.with(APPLY_TIME).about(at)
              : BaseMessages.PROPERTY_VALUE_TYPE_ERROR
                  .with(applyTime.toString(), APPLY_TIME)
                  .about(at));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = applyTime.fields(); it.hasNext(); ) {
      String name = it.next().getKey();
      if (!name.equals("ApplyTime")) {
        return refused(
            (NOT_WRITABLE.contains(name)
                    ? BaseMessages.PROPERTY_NOT_WRITABLE
                    : BaseMessages.PROPERTY_UNKNOWN)
                .with(name)
                .about(at + "/" + name));
      }
    }
    JsonNode value = applyTime.path("ApplyTime");
    if (value.isMissingNode()) {
      return refused(BaseMessages.PROPERTY_MISSING.with("ApplyTime").about(at + "/ApplyTime"));
    }
    if (!value.isTextual()) {
      return refused(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR
              .with(value.toString(), "ApplyTime")
              .about(at + "/ApplyTime"));
    }
    Optional<ApplyTime> known =
        Arrays.stream(ApplyTime.values())
            .filter(a -> a.redfishName().equals(value.asText()))
            .findFirst();
    return known
        .map(a -> new PushApplyTimeChange(a, null))
        .orElseGet(
            () ->
                refused(
                    BaseMessages.PROPERTY_VALUE_NOT_IN_LIST
                        .with(value.asText(), "ApplyTime")
                        .about(at + "/ApplyTime")));
  }

  private static PushApplyTimeChange refused(MessageInstance problem) {
    return new PushApplyTimeChange(null, problem);
  }
}
