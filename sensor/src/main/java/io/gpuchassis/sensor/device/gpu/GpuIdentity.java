package io.gpuchassis.sensor.device.gpu;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What a GPU says it is over SMBPBI GET_SYS_ID_DATA. The model, serial number and PCI ids are
 * required: without them a card cannot be told apart. The rest is empty when the GPU does not
 * report it.
 *
 * @param model marketing name, e.g. {@code NVIDIA H100 PCIe}
 * @param serialNumber board serial number
 * @param vendorId PCI vendor id (16 bit)
 * @param deviceId PCI device id (16 bit)
 * @param subsystemVendorId PCI subsystem vendor id (16 bit)
 * @param subsystemId PCI subsystem id (16 bit)
 * @param firmwareVersion VBIOS version
 * @param memoryGiB memory capacity in GiB (reported in MiB; rounded to the nearest GiB, since the
 *     usable capacity a GPU reports can be a little below the nominal one)
 * @param powerLimitWatts total graphics power (TGP) limit
 * @param maxPcieGeneration highest PCIe generation, 1-6
 * @param maxPcieWidth widest PCIe link, in lanes
 */
public record GpuIdentity(
    String model,
    String serialNumber,
    int vendorId,
    int deviceId,
    int subsystemVendorId,
    int subsystemId,
    Optional<String> firmwareVersion,
    OptionalInt memoryGiB,
    OptionalDouble powerLimitWatts,
    OptionalInt maxPcieGeneration,
    OptionalInt maxPcieWidth) {

  private static final Set<Integer> LINK_WIDTHS = Set.of(1, 2, 4, 8, 12, 16, 32);

  public GpuIdentity {
    requireText("model", model);
    requireText("serial number", serialNumber);
    requirePciId("vendor id", vendorId);
    requirePciId("device id", deviceId);
    requirePciId("subsystem vendor id", subsystemVendorId);
    require(
        subsystemId >= 0 && subsystemId <= 0xFFFF, "subsystem id must be 16 bit: " + subsystemId);
    Objects.requireNonNull(firmwareVersion, "firmwareVersion")
        .ifPresent(v -> requireText("firmware version", v));
    Objects.requireNonNull(memoryGiB, "memoryGiB")
        .ifPresent(g -> require(g > 0, "memory must be positive: " + g));
    Objects.requireNonNull(powerLimitWatts, "powerLimitWatts")
        .ifPresent(w -> require(w > 0 && Double.isFinite(w), "power limit must be positive: " + w));
    Objects.requireNonNull(maxPcieGeneration, "maxPcieGeneration")
        .ifPresent(g -> require(g >= 1 && g <= 6, "PCIe generation must be 1-6: " + g));
    Objects.requireNonNull(maxPcieWidth, "maxPcieWidth")
        .ifPresent(w -> require(LINK_WIDTHS.contains(w), "not a PCIe link width: x" + w));
  }

  /** An identity with only the required fields. */
  public static GpuIdentity of(
      String model,
      String serialNumber,
      int vendorId,
      int deviceId,
      int subsystemVendorId,
      int subsystemId) {
    return new GpuIdentity(
        model,
        serialNumber,
        vendorId,
        deviceId,
        subsystemVendorId,
        subsystemId,
        Optional.empty(),
        OptionalInt.empty(),
        OptionalDouble.empty(),
        OptionalInt.empty(),
        OptionalInt.empty());
  }

  public GpuIdentity withFirmwareVersion(String version) {
    return new GpuIdentity(
        model,
        serialNumber,
        vendorId,
        deviceId,
        subsystemVendorId,
        subsystemId,
        Optional.of(version),
        memoryGiB,
        powerLimitWatts,
        maxPcieGeneration,
        maxPcieWidth);
  }

  public GpuIdentity withMemoryGiB(int gib) {
    return new GpuIdentity(
        model,
        serialNumber,
        vendorId,
        deviceId,
        subsystemVendorId,
        subsystemId,
        firmwareVersion,
        OptionalInt.of(gib),
        powerLimitWatts,
        maxPcieGeneration,
        maxPcieWidth);
  }

  public GpuIdentity withPowerLimitWatts(double watts) {
    return new GpuIdentity(
        model,
        serialNumber,
        vendorId,
        deviceId,
        subsystemVendorId,
        subsystemId,
        firmwareVersion,
        memoryGiB,
        OptionalDouble.of(watts),
        maxPcieGeneration,
        maxPcieWidth);
  }

  public GpuIdentity withPcie(int generation, int lanes) {
    return new GpuIdentity(
        model,
        serialNumber,
        vendorId,
        deviceId,
        subsystemVendorId,
        subsystemId,
        firmwareVersion,
        memoryGiB,
        powerLimitWatts,
        OptionalInt.of(generation),
        OptionalInt.of(lanes));
  }

  private static void requireText(String what, String value) {
    Objects.requireNonNull(value, what);
    require(!value.isBlank(), what + " must not be blank");
  }

  private static void requirePciId(String what, int id) {
    // 0xFFFF is what config space reads when nothing answers; 0 is never assigned (the subsystem
    // id, chosen by the
    // vendor, may be anything)
    require(id > 0 && id < 0xFFFF, String.format("%s 0x%X is not a valid PCI id", what, id));
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
