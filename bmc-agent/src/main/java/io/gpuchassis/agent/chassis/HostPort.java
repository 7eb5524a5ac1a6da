package io.gpuchassis.agent.chassis;

/**
 * An upstream switch port cabled to a host server, and the partition of its chip whose upstream
 * port it is. {@code hotPlugWindowGiB} is the 64-bit prefetchable memory the host reserves behind
 * the port for devices added while it runs (its firmware's hot-plug window), 0 when the board does
 * not say.
 */
public record HostPort(
    String id,
    String switchId,
    int port,
    int lanes,
    int pcieGeneration,
    int partition,
    int hotPlugWindowGiB) {

  /** A host port whose hot-plug window the board does not give. */
  public HostPort(
      String id, String switchId, int port, int lanes, int pcieGeneration, int partition) {
    this(id, switchId, port, lanes, pcieGeneration, partition, 0);
  }
}
