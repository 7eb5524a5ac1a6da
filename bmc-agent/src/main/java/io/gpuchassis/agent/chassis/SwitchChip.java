package io.gpuchassis.agent.chassis;

/**
 * A PCIe switch chip of the chassis fabric, as the board is designed: the part (maker, model, PCI
 * IDs, lanes) and how many ports it has. What only the chip itself can say (serial number, running
 * firmware) is in its {@link SwitchObservation}.
 */
public record SwitchChip(
    String id,
    String vendor,
    String model,
    int vendorId,
    int deviceId,
    int lanes,
    int ports,
    int logicalBridges) {

  /**
   * The most logical downstream bridges a Switchtec partition has (48 ports: one upstream, 47
   * downstream).
   */
  public static final int MAX_LOGICAL_BRIDGES = 47;

  /** A chip whose partitions have as many logical bridges as a Switchtec partition can. */
  public SwitchChip(
      String id, String vendor, String model, int vendorId, int deviceId, int lanes, int ports) {
    this(id, vendor, model, vendorId, deviceId, lanes, ports, MAX_LOGICAL_BRIDGES);
  }
}
