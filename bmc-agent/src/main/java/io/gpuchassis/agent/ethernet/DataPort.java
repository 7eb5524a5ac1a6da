package io.gpuchassis.agent.ethernet;

import java.util.Objects;

/**
 * One of the chassis's own data-path Ethernet ports (a 100 GbE port of an RDMA NIC), named as Linux
 * names it and as the NetworkDevice registry's messages name it.
 *
 * @param adapter the network adapter's name in messages (e.g. {@code NIC1})
 * @param port the port's name in messages (e.g. {@code 1})
 * @param function the network device function's name in messages (e.g. {@code 1})
 * @param netdev the interface under {@code /sys/class/net} (e.g. {@code enp1s0f0np0})
 * @param rdmaDevice the RDMA device under {@code /sys/class/infiniband} (e.g. {@code mlx5_0})
 * @param rdmaPort the RDMA device's port number (1-based, as sysfs numbers them)
 * @param capableSpeedMbps the fastest speed the port and its optics can run, in Mbit/s
 */
public record DataPort(
    String adapter,
    String port,
    String function,
    String netdev,
    String rdmaDevice,
    int rdmaPort,
    int capableSpeedMbps) {

  public DataPort {
    Objects.requireNonNull(adapter);
    Objects.requireNonNull(port);
    Objects.requireNonNull(function);
    // These name folders below the sysfs root and an argument of ethtool: no path tricks.
    if (!name(netdev, 15)) {
      throw new IllegalArgumentException("not an interface name: " + netdev);
    }
    if (!name(rdmaDevice, 64)) {
      throw new IllegalArgumentException("not an RDMA device name: " + rdmaDevice);
    }
    if (rdmaPort < 1 || capableSpeedMbps <= 0) {
      throw new IllegalArgumentException("RDMA port and capable speed must be positive");
    }
  }

  private static boolean name(String name, int longest) {
    return name.matches("[A-Za-z0-9_.:-]{1," + longest + "}")
        && !name.equals(".")
        && !name.equals("..");
  }
}
