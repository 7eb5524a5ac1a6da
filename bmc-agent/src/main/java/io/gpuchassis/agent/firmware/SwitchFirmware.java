package io.gpuchassis.agent.firmware;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.SwitchIdentity;
import java.util.List;
import java.util.Locale;

/**
 * The firmware of one switch chip as last read from it: what it is and runs, and its A/B flash
 * table.
 *
 * @param switchId the chip's id in the topology
 */
public record SwitchFirmware(String switchId, SwitchIdentity identity, FirmwarePartitions flash) {

  /**
   * How bundles name the chips they fit ({@code Compatible}): vendor and device id, lower-case hex.
   */
  public String compatibilityId() {
    return String.format(Locale.ROOT, "%04x:%04x", identity.vendorId(), identity.deviceId());
  }

  /** The running main firmware version, e.g. {@code 4.70.0012}. */
  public String runningVersion() {
    return identity.firmwareVersion().toString();
  }

  /**
   * The version a copy's partition record keeps: major and minor only, printed in hex as the
   * firmware does ({@code 4.70}); null when the copy holds no valid image.
   */
  public static String imageVersion(FirmwarePartition copy) {
    return copy.valid()
        ? String.format(
            Locale.ROOT, "%x.%02x", copy.imageVersion() >>> 8, copy.imageVersion() & 0xFF)
        : null;
  }

  /** Both copies of the main firmware image, A first. */
  public List<FirmwarePartition> images() {
    return flash.partitions().stream().filter(p -> p.type() == FirmwareType.IMG).toList();
  }
}
