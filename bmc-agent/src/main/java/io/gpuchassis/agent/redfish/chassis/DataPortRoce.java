package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.config.RoceMode;
import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.RoceCheck;
import io.gpuchassis.agent.ethernet.RoceCheck.ItemResult;
import io.gpuchassis.agent.ethernet.RoceStatus;
import io.gpuchassis.agent.ethernet.RoceToolOutput.Red;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A RoCE port's {@code Oem.GpuChassisAgent.RoCE}: the profile as last read back from the port
 * (DMTF's Port has no PFC priorities, DSCP trust or ECN thresholds) and whether it holds. Each
 * value is what the port answered; one whose tool failed is left out.
 */
final class DataPortRoce {

  private DataPortRoce() {}

  /** Empty before the port's first check. */
  static Optional<Map<String, Object>> render(RoceStatus status) {
    if (status.last().isEmpty()) {
      return Optional.empty();
    }
    RoceCheck check = status.last().get();
    RoceProfile profile = check.profile();
    Map<String, Object> roce = new LinkedHashMap<>();
    check
        .pfc()
        .ifPresent(
            pfc -> {
              roce.put(
                  "Mode",
                  (pfc.contains(profile.rocePriority()) ? RoceMode.LOSSLESS : RoceMode.LOSSY)
                      .redfish());
              roce.put("PFCEnabledPriorities", List.copyOf(pfc));
            });
    if (check.dscp().isPresent()) {
      OptionalInt roceMapped = check.priorityOf(profile.roceDscp());
      OptionalInt cnpMapped = check.priorityOf(profile.cnpDscp());
      roce.put("TrustMode", roceMapped.isPresent() ? "DSCP" : "PCP");
      if (roceMapped.isPresent()) {
        roce.put("RoCEDSCP", profile.roceDscp());
        roce.put("RoCEPriority", roceMapped.getAsInt());
      }
      if (cnpMapped.isPresent()) {
        roce.put("CNPDSCP", profile.cnpDscp());
        roce.put("CNPPriority", cnpMapped.getAsInt());
      }
    }
    check
        .root()
        .flatMap(r -> r.red())
        .filter(Red::ecn)
        .ifPresent(
            red -> {
              Map<String, Object> ecn = new LinkedHashMap<>();
              ecn.put("MinThresholdKB", red.min() / 1000.0);
              ecn.put("MaxThresholdKB", red.max() / 1000.0);
              roce.put("ECN", ecn);
            });
    check.mtu().ifPresent(mtu -> roce.put("MTU", mtu));
    roce.put("ProfileState", check.state().redfish());
    List<Map<String, Object>> items = new ArrayList<>();
    for (ItemResult item : check.items()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("Item", item.item().redfish());
      entry.put("State", item.state().redfish());
      item.found().ifPresent(f -> entry.put("Found", f));
      item.message().ifPresent(m -> entry.put("Message", m));
      items.add(entry);
    }
    roce.put("Items", items);
    roce.put("LastChecked", DateTimeFormatter.ISO_INSTANT.format(check.at()));
    roce.put("DriftsCorrected", status.driftsCorrected());
    status
        .lastDrift()
        .ifPresent(t -> roce.put("LastDrift", DateTimeFormatter.ISO_INSTANT.format(t)));
    return Optional.of(roce);
  }
}
