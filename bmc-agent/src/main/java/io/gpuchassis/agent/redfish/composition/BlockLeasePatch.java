package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.Lease;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A PATCH of a GPU resource block's {@code Oem.GpuChassisAgent.Lease}, read strictly: an object
 * {@code {Owner, Expires, IdleReleaseAfter}} sets (or replaces) the lease on the GPU's assignment;
 * {@code null} removes it. {@code Owner} is optional (the caller's account by default), {@code
 * Expires} a date and time in the future, {@code IdleReleaseAfter} an ISO-8601 duration or {@code
 * null}. Only a GPU bound to a host can be leased. Every problem is refused in one answer, before
 * anything changes.
 */
final class BlockLeasePatch {

  static final String POINTER = "/Oem/" + OemSchema.KEY + "/Lease";
  static final String NAME = "Oem/" + OemSchema.KEY + "/Lease";

  /** What a PATCH asks: a lease to set, or (empty) the lease to remove. */
  record Request(Optional<Lease> lease) {}

  private BlockLeasePatch() {}

  /**
   * Reads {@code oem} (the body's {@code Oem}) for the GPU in {@code slot}.
   *
   * @param caller the account that sends the PATCH, the owner unless {@code Owner} names another
   */
  static Request read(JsonNode oem, ChassisState state, int slot, String caller, Instant now) {
    List<MessageInstance> problems = new ArrayList<>();
    if (!oem.isObject()) {
      throw RedfishErrors.of(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(oem.toString(), "Oem").about("/Oem"));
    }
    JsonNode ours = oem.path(OemSchema.KEY);
    for (Iterator<String> it = oem.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!name.equals(OemSchema.KEY)) {
        problems.add(BaseMessages.PROPERTY_UNKNOWN.with("Oem/" + name).about("/Oem/" + name));
      }
    }
    if (!ours.isObject()) {
      problems.add(
          ours.isMissingNode()
              ? BaseMessages.PROPERTY_MISSING.with(NAME).about(POINTER)
              : BaseMessages.PROPERTY_VALUE_TYPE_ERROR
                  .with(ours.toString(), "Oem/" + OemSchema.KEY)
                  .about("/Oem/" + OemSchema.KEY));
      throw RedfishErrors.of(problems);
    }
    for (Iterator<String> it = ours.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!name.equals("Lease") && !name.startsWith("@odata.")) {
        String n = "Oem/" + OemSchema.KEY + "/" + name;
        problems.add(BaseMessages.PROPERTY_UNKNOWN.with(n).about("/" + n));
      }
    }
    JsonNode lease = ours.path("Lease");
    if (lease.isMissingNode()) {
      problems.add(BaseMessages.PROPERTY_MISSING.with(NAME).about(POINTER));
    } else if (!lease.isNull() && !lease.isObject()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR.with(lease.toString(), NAME).about(POINTER));
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    if (lease.isNull()) {
      return new Request(Optional.empty());
    }
    Map<String, JsonNode> fields = new LinkedHashMap<>();
    lease.fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue()));
    for (String name : fields.keySet()) {
      if (!List.of("Owner", "Expires", "IdleReleaseAfter").contains(name)) {
        problems.add(
            BaseMessages.PROPERTY_UNKNOWN.with(NAME + "/" + name).about(POINTER + "/" + name));
      }
    }
    String owner = caller;
    JsonNode ownerNode = fields.get("Owner");
    if (ownerNode != null) {
      if (!ownerNode.isTextual()) {
        problems.add(type(ownerNode, "Owner"));
      } else if (ownerNode.asText().isBlank() || ownerNode.asText().length() > 128) {
        problems.add(format(ownerNode, "Owner"));
      } else {
        owner = ownerNode.asText();
      }
    }
    Instant expires = null;
    JsonNode expiresNode = fields.get("Expires");
    if (expiresNode == null) {
      problems.add(
          BaseMessages.PROPERTY_MISSING.with(NAME + "/Expires").about(POINTER + "/Expires"));
    } else if (!expiresNode.isTextual()) {
      problems.add(type(expiresNode, "Expires"));
    } else {
      try {
        expires = OffsetDateTime.parse(expiresNode.asText()).toInstant();
        if (!expires.isAfter(now)) {
          problems.add(
              BaseMessages.PROPERTY_VALUE_OUT_OF_RANGE
                  .with(expiresNode.asText(), NAME + "/Expires")
                  .about(POINTER + "/Expires"));
        }
      } catch (DateTimeParseException e) {
        problems.add(format(expiresNode, "Expires"));
      }
    }
    Optional<Duration> idle = Optional.empty();
    JsonNode idleNode = fields.get("IdleReleaseAfter");
    if (idleNode != null && !idleNode.isNull()) {
      if (!idleNode.isTextual()) {
        problems.add(type(idleNode, "IdleReleaseAfter"));
      } else {
        try {
          Duration d = Duration.parse(idleNode.asText());
          if (d.isNegative() || d.isZero()) {
            problems.add(
                BaseMessages.PROPERTY_VALUE_OUT_OF_RANGE
                    .with(idleNode.asText(), NAME + "/IdleReleaseAfter")
                    .about(POINTER + "/IdleReleaseAfter"));
          } else {
            idle = Optional.of(d);
          }
        } catch (DateTimeParseException e) {
          problems.add(format(idleNode, "IdleReleaseAfter"));
        }
      }
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    SlotBinding binding = state.binding(slot);
    if (binding.state() != SlotBinding.State.BOUND) {
      throw RedfishErrors.of(
              BaseMessages.PROPERTY_VALUE_CONFLICT
                  .with(NAME, "CompositionStatus/CompositionState")
                  .about(POINTER))
          .withDetail(
              "The GPU in slot "
                  + slot
                  + " is not bound to a host: a lease applies to a GPU's assignment.");
    }
    return new Request(
        Optional.of(
            new Lease(slot, binding.host().orElseThrow(), owner, caller, expires, idle, now)));
  }

  private static MessageInstance type(JsonNode value, String name) {
    return BaseMessages.PROPERTY_VALUE_TYPE_ERROR
        .with(value.toString(), NAME + "/" + name)
        .about(POINTER + "/" + name);
  }

  private static MessageInstance format(JsonNode value, String name) {
    return BaseMessages.PROPERTY_VALUE_FORMAT_ERROR
        .with(value.asText(), NAME + "/" + name)
        .about(POINTER + "/" + name);
  }
}
