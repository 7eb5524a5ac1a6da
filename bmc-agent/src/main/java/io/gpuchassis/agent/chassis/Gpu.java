package io.gpuchassis.agent.chassis;

/**
 * A GPU seated in a slot, as it identified itself over its sideband. A GPU known to be there (its
 * presence line says so) that did not identify itself has blank strings and zero numbers, and the
 * slot's link capability.
 */
public record Gpu(
    String model,
    int vendorId,
    int deviceId,
    int subsystemVendorId,
    int subsystemId,
    String serialNumber,
    int memoryGiB,
    int tdpWatts,
    String firmwareVersion,
    int maxPcieGeneration,
    int maxLanes) {

  /** A GPU present in {@code slot} that did not say who it is. */
  public static Gpu unidentified(Slot slot) {
    return new Gpu("", 0, 0, 0, 0, "", 0, 0, "", slot.pcieGeneration(), slot.lanes());
  }

  /** Whether the GPU said who it is. */
  public boolean identified() {
    return !model.isBlank();
  }

  /** What to call it: its model, or that it is a GPU no one could identify. */
  public String displayName() {
    return identified() ? model : "Unidentified GPU";
  }

  /** Its maker, by PCI vendor ID; empty for an unidentified GPU. */
  public java.util.Optional<String> manufacturer() {
    if (!identified()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        vendorId == 0x10de ? "NVIDIA" : String.format("PCI vendor 0x%04x", vendorId));
  }
}
