package io.gpuchassis.agent.chassis;

import java.util.Optional;

/**
 * A host server: an upstream switch port cabled to it, and the partition of its chip whose upstream
 * port it is; or, for an Ethernet host ({@code ethernet} present), no switch port at all (switch
 * {@code ""}, port and partition -1) and its ExpEther host engine instead. {@code hotPlugWindowGiB}
 * is the 64-bit prefetchable memory the host reserves behind the port for devices added while it
 * runs (its firmware's hot-plug window), 0 when the board does not say.
 */
public record HostPort(
    String id,
    String switchId,
    int port,
    int lanes,
    int pcieGeneration,
    int partition,
    int hotPlugWindowGiB,
    Optional<EthernetHost> ethernet) {

  /** A PCIe host port. */
  public HostPort(
      String id,
      String switchId,
      int port,
      int lanes,
      int pcieGeneration,
      int partition,
      int hotPlugWindowGiB) {
    this(id, switchId, port, lanes, pcieGeneration, partition, hotPlugWindowGiB, Optional.empty());
  }

  /** A host reached over Ethernet through its ExpEther host engine: no switch port. */
  public static HostPort overEthernet(String id, EthernetHost ethernet) {
    return new HostPort(id, "", -1, 0, 0, -1, 0, Optional.of(ethernet));
  }

  /** Whether GPUs reach this host over Ethernet (ExpEther grouping) rather than its switch port. */
  public boolean overEthernet() {
    return ethernet.isPresent();
  }

  /** A host port whose hot-plug window the board does not give. */
  public HostPort(
      String id, String switchId, int port, int lanes, int pcieGeneration, int partition) {
    this(id, switchId, port, lanes, pcieGeneration, partition, 0);
  }
}
