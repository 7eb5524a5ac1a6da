package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.DataPortEntry;
import io.gpuchassis.agent.board.BoardDocument.NetworkAdapterEntry;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code networkAdapters} section: ids that can be URI segments and message arguments, Linux
 * names that name one sysfs folder each (no path tricks), and each interface and RDMA port given to
 * one port only.
 */
final class NetworkAdapterRules {

  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,32}");

  /** IFNAMSIZ is 16 with the terminating zero. */
  private static final Pattern NETDEV = Pattern.compile("[A-Za-z0-9_.:-]{1,15}");

  private static final Pattern RDMA_DEVICE = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

  /** The fastest Ethernet a port runs today, 800 GbE. */
  static final int MAX_SPEED_GBPS = 800;

  private NetworkAdapterRules() {}

  static void check(List<NetworkAdapterEntry> adapters, Checks checks) {
    Set<String> adapterIds = new HashSet<>();
    Set<String> netdevs = new HashSet<>();
    Set<String> rdmaPorts = new HashSet<>();
    for (int i = 0; i < adapters.size(); i++) {
      NetworkAdapterEntry adapter = adapters.get(i);
      KeyPath at = KeyPath.of("networkAdapters").index(i);
      id(adapter.id(), at.key("id"), adapterIds, "adapter", checks);
      if (adapter.ports().isEmpty()) {
        checks.problem(at.key("ports"), "an adapter has at least one port");
      }
      Set<String> portIds = new HashSet<>();
      for (int j = 0; j < adapter.ports().size(); j++) {
        DataPortEntry port = adapter.ports().get(j);
        KeyPath portAt = at.key("ports").index(j);
        id(port.id(), portAt.key("id"), portIds, "port of " + adapter.id(), checks);
        if (!linuxName(port.netdev(), NETDEV)) {
          checks.problem(
              portAt.key("interface"),
              "'" + port.netdev() + "' is not an interface name (1-15 of A-Z a-z 0-9 _ . : -)");
        } else if (!netdevs.add(port.netdev())) {
          checks.problem(portAt.key("interface"), port.netdev() + " is given to another port");
        }
        if (!linuxName(port.rdmaDevice(), RDMA_DEVICE)) {
          checks.problem(
              portAt.key("rdmaDevice"),
              "'"
                  + port.rdmaDevice()
                  + "' is not an RDMA device name (1-64 of A-Z a-z 0-9 _ . : -)");
        }
        int rdmaPort = port.rdmaPort() == null ? 1 : port.rdmaPort();
        if (checks.requirePositive(rdmaPort, portAt.key("rdmaPort"))
            && !rdmaPorts.add(port.rdmaDevice() + "/" + rdmaPort)) {
          checks.problem(
              portAt.key("rdmaPort"),
              port.rdmaDevice() + " port " + rdmaPort + " is given to another port");
        }
        if (port.lanes() != null && !Set.of(1, 2, 4, 8).contains(port.lanes())) {
          checks.problem(
              portAt.key("lanes"), port.lanes() + " is not a port's lane count; use 1, 2, 4 or 8");
        }
        if (port.speedGbps() < 1 || port.speedGbps() > MAX_SPEED_GBPS) {
          checks.problem(
              portAt.key("speedGbps"),
              "must lie between 1 and " + MAX_SPEED_GBPS + ", got " + port.speedGbps());
        }
      }
    }
  }

  private static void id(String id, KeyPath at, Set<String> seen, String what, Checks checks) {
    if (!ID.matcher(id).matches()) {
      checks.problem(at, "'" + id + "' is not an id (1-32 of A-Z a-z 0-9 _ -)");
    } else if (!seen.add(id)) {
      checks.problem(at, "another " + what + " is " + id);
    }
  }

  private static boolean linuxName(String name, Pattern pattern) {
    return pattern.matcher(name).matches() && !name.equals(".") && !name.equals("..");
  }
}
