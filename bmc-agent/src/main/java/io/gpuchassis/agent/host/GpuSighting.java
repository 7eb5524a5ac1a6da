package io.gpuchassis.agent.host;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A GPU of the chassis as the host holding it reported it: the address at which the host sees it
 * ({@code 0000:41:00.0}), the UUID its driver gives it ({@code GPU-...}), when it has one, and the
 * MIG devices the host's driver has on it (the last report's: a report without them drops them).
 */
public record GpuSighting(
    int slot,
    String host,
    String hostAddress,
    Optional<String> deviceUuid,
    Instant reported,
    List<MigPartition> partitions) {

  public GpuSighting {
    partitions = List.copyOf(partitions);
  }

  public GpuSighting(
      int slot, String host, String hostAddress, Optional<String> deviceUuid, Instant reported) {
    this(slot, host, hostAddress, deviceUuid, reported, List.of());
  }
}
