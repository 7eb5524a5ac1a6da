package io.gpuchassis.agent.host;

import java.util.List;
import java.util.Optional;

/**
 * One GPU in a host's report: its slot, its address on the host, its driver's UUID, and the MIG
 * devices the host's driver has on it (none when it has none or the host did not say).
 */
public record ReportedDevice(
    int slot, String hostAddress, Optional<String> deviceUuid, List<MigPartition> partitions) {

  public ReportedDevice {
    partitions = List.copyOf(partitions);
  }

  public ReportedDevice(int slot, String hostAddress, Optional<String> deviceUuid) {
    this(slot, hostAddress, deviceUuid, List.of());
  }
}
