package io.gpuchassis.companion;

import java.util.List;
import java.util.Optional;

/**
 * A GPU of the chassis as this host sees it: its slot, its address here, its driver's UUID, and the
 * MIG devices its driver has on it.
 */
public record SeenDevice(
    int slot, PciAddress address, Optional<String> uuid, List<MigDevice> partitions) {

  public SeenDevice {
    partitions = List.copyOf(partitions);
  }

  public SeenDevice(int slot, PciAddress address, Optional<String> uuid) {
    this(slot, address, uuid, List.of());
  }
}
