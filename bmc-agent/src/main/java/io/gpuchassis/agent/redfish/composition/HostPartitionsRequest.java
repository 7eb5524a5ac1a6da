package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import io.gpuchassis.agent.host.MigPartition;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The optional {@code Partitions} of a device in {@code #GpuChassisAgent.HostReport}: the MIG
 * devices the host's driver has on the GPU, each {@code {"Index": 0, "Profile": "3g.20gb", "UUID":
 * "MIG-..."}}, every index and UUID once. Read strictly, as the rest of the report.
 */
final class HostPartitionsRequest {

  private static final Set<String> PROPERTIES = Set.of("Index", "Profile", "UUID");

  private HostPartitionsRequest() {}

  /** The partitions at {@code at} ({@code /Devices/0/Partitions}); none when absent. */
  static List<MigPartition> read(JsonNode list, String at) {
    if (list.isMissingNode()) {
      return List.of();
    }
    if (!list.isArray()) {
      throw typeError(list, at);
    }
    List<MigPartition> partitions = new ArrayList<>();
    Set<Integer> indexes = new HashSet<>();
    Set<String> uuids = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      MigPartition p = partition(list.get(i), at + "/" + i);
      if (!indexes.add(p.index())) {
        throw HostReportRequest.valueError(at + "/" + i + "/Index")
            .withDetail("Partitions lists the MIG device " + p.index() + " twice.");
      }
      if (!uuids.add(p.uuid())) {
        throw HostReportRequest.valueError(at + "/" + i + "/UUID")
            .withDetail("Partitions lists the MIG device " + p.uuid() + " twice.");
      }
      partitions.add(p);
    }
    return partitions;
  }

  private static MigPartition partition(JsonNode item, String at) {
    if (!item.isObject()) {
      throw typeError(item, at);
    }
    for (Iterator<String> names = item.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!PROPERTIES.contains(name) && !name.contains("@")) {
        throw HostReportRequest.valueError(at + "/" + name)
            .withDetail("A partition has Index, Profile and UUID, not " + name + ".");
      }
    }
    JsonNode index = item.path("Index");
    if (!index.canConvertToInt()
        || !index.isIntegralNumber()
        || index.asInt() < 0
        || index.asInt() > MigPartition.MAX_INDEX) {
      throw formatError(index, at + "/Index")
          .withDetail(
              "Index must be the MIG device's index on the GPU, 0 to "
                  + MigPartition.MAX_INDEX
                  + ", as nvidia-smi -L lists it.");
    }
    JsonNode profile = item.path("Profile");
    if (!profile.isTextual() || !MigPartition.PROFILE.matcher(profile.asText()).matches()) {
      throw formatError(profile, at + "/Profile")
          .withDetail("Profile must be a MIG profile name such as 3g.20gb or 1c.3g.20gb.");
    }
    JsonNode uuid = item.path("UUID");
    if (!uuid.isTextual() || !MigPartition.UUID.matcher(uuid.asText()).matches()) {
      throw formatError(uuid, at + "/UUID")
          .withDetail(
              "UUID must be the MIG device's UUID, such as"
                  + " MIG-c7384736-a75d-5afc-978f-d2f1294409fd.");
    }
    return new MigPartition(index.asInt(), profile.asText(), uuid.asText());
  }

  private static RedfishException typeError(JsonNode value, String at) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR
            .with(value.toString(), "Devices", HostReportRequest.ACTION)
            .about(at));
  }

  private static RedfishException formatError(JsonNode value, String at) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR
            .with(value.toString(), "Devices", HostReportRequest.ACTION)
            .about(at));
  }
}
