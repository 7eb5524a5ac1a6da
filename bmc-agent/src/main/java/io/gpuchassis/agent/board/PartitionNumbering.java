package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.HostEntry;
import io.gpuchassis.agent.board.BoardDocument.LinkEntry;
import io.gpuchassis.agent.board.BoardDocument.Root;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The partition of every host and the transit partition of every link's {@code b} end: the {@code
 * partition} written in the file, or the default. The default on each chip is the number the entry
 * gets when no entry has one written: first one per host in the order the hosts are listed, then
 * one per link whose {@code b} end is on the chip, in the order the links are listed.
 */
final class PartitionNumbering {

  /** Switchtec chips have partitions 0-47. */
  static final int MAX_PARTITION = 47;

  /**
   * @param owner the entry that uses the partition, e.g. {@code hosts[1]} or {@code
   *     interSwitchLinks[0].b}
   * @param explicit whether the file writes the number
   */
  record Assignment(KeyPath owner, String switchId, int partition, boolean explicit) {

    /** The key a problem with the number is reported at. */
    KeyPath at() {
      return explicit ? owner.key("partition") : owner;
    }
  }

  private final Map<Integer, Assignment> hosts = new java.util.LinkedHashMap<>();
  private final List<Assignment> links = new ArrayList<>();

  PartitionNumbering(Root root) {
    Map<String, Integer> hostsPerChip = new HashMap<>();
    for (int i = 0; i < root.hosts().size(); i++) {
      HostEntry host = root.hosts().get(i);
      // An Ethernet host has no switch port, so no partition; a PCIe host without its port keys is
      // reported by the ExpEther rules
      if (host.overEthernet() || !host.hasPort()) {
        continue;
      }
      int derived = hostsPerChip.merge(host.switchId(), 1, Integer::sum) - 1;
      hosts.put(
          i, assignment(KeyPath.of("hosts").index(i), host.switchId(), host.partition(), derived));
    }
    Map<String, Integer> arrivalsPerChip = new HashMap<>();
    for (int i = 0; i < root.links().size(); i++) {
      LinkEntry link = root.links().get(i);
      String chip = link.b().switchId();
      int derived =
          hostsPerChip.getOrDefault(chip, 0) + arrivalsPerChip.merge(chip, 1, Integer::sum) - 1;
      links.add(
          assignment(
              KeyPath.of("interSwitchLinks").index(i).key("b"),
              chip,
              link.b().partition(),
              derived));
    }
  }

  /** One per PCIe host, in file order. */
  List<Assignment> hosts() {
    return List.copyOf(hosts.values());
  }

  /** The partition of the host at {@code index} of the file's list; empty for an Ethernet host. */
  java.util.Optional<Assignment> host(int index) {
    return java.util.Optional.ofNullable(hosts.get(index));
  }

  /** One per inter-switch link (its {@code b} end), in file order. */
  List<Assignment> links() {
    return links;
  }

  private static Assignment assignment(
      KeyPath owner, String switchId, Integer written, int derived) {
    return written != null
        ? new Assignment(owner, switchId, written, true)
        : new Assignment(owner, switchId, derived, false);
  }
}
