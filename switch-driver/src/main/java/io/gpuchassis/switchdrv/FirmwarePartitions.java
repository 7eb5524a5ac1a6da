package io.gpuchassis.switchdrv;

import java.util.List;
import java.util.Optional;

/**
 * The flash table of a switch: running firmware, flash size and every partition record.
 *
 * @param firmwareVersion running main firmware version
 * @param flashSize flash size in bytes
 * @param partitions all partition records, A/B copies in order
 */
public record FirmwarePartitions(
    FirmwareVersion firmwareVersion, long flashSize, List<FirmwarePartition> partitions) {

  public FirmwarePartitions {
    partitions = List.copyOf(partitions);
  }

  /** The record of one copy of one type. */
  public Optional<FirmwarePartition> find(FirmwareType type, int copy) {
    return partitions.stream().filter(p -> p.type() == type && p.copy() == copy).findFirst();
  }

  /** The copy of {@code type} marked active (boots next), if any. */
  public Optional<FirmwarePartition> active(FirmwareType type) {
    return partitions.stream().filter(p -> p.type() == type && p.active()).findFirst();
  }

  /** The copy of {@code type} not marked active: the one a download writes. */
  public Optional<FirmwarePartition> inactive(FirmwareType type) {
    return partitions.stream().filter(p -> p.type() == type && !p.active()).findFirst();
  }
}
