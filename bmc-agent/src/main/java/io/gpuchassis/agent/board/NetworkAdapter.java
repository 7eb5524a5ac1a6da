package io.gpuchassis.agent.board;

import java.util.List;
import java.util.Optional;

/**
 * A NIC of the chassis's own data path (the 100 GbE variant): its name in Redfish and in the
 * NetworkDevice registry's messages, what is known of it, and its ports.
 *
 * @param id the adapter's Redfish id and message name, e.g. {@code NIC1}
 * @param manufacturer the NIC's maker, when the board file says
 * @param model the NIC's model, when the board file says
 * @param ports its data-path ports, in the order of the file
 */
public record NetworkAdapter(
    String id, Optional<String> manufacturer, Optional<String> model, List<Port> ports) {

  public NetworkAdapter {
    ports = List.copyOf(ports);
  }

  /**
   * One port of the adapter as Linux names it.
   *
   * @param id the port's Redfish id and message name, e.g. {@code 1}
   * @param netdev the interface under {@code /sys/class/net}
   * @param rdmaDevice the RDMA device under {@code /sys/class/infiniband}
   * @param rdmaPort the RDMA device's port (1-based)
   * @param speedGbps the fastest speed the port and its optics can run
   * @param lanes the lanes of the port's cage (4 for a QSFP), when the board file says
   * @param roce whether the port carries RoCE, so the agent keeps the RoCE profile on it
   */
  public record Port(
      String id,
      String netdev,
      String rdmaDevice,
      int rdmaPort,
      int speedGbps,
      java.util.OptionalInt lanes,
      boolean roce) {

    /** A port that carries no RoCE. */
    public Port(
        String id,
        String netdev,
        String rdmaDevice,
        int rdmaPort,
        int speedGbps,
        java.util.OptionalInt lanes) {
      this(id, netdev, rdmaDevice, rdmaPort, speedGbps, lanes, false);
    }
  }
}
