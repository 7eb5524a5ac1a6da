package io.gpuchassis.agent.network;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The DHCPv4 leases systemd-networkd holds right now: one file per interface index under {@code
 * /run/systemd/netif/leases}, with an {@code ADDRESS=} line. They live in /run, so a lease from
 * before a reboot or one networkd released is never taken for a current one. Other DHCP clients
 * leave no such proof (dhclient's lease files keep old leases), so for them the origin of an
 * address stays unknown.
 */
final class DhcpLeases {

  private final Path dir;

  DhcpLeases(Path dir) {
    this.dir = dir;
  }

  /** The address leased to interface {@code ifindex}, if networkd holds a lease for it. */
  Optional<String> leasedAddress(int ifindex) {
    try {
      for (String line : Files.readAllLines(dir.resolve(Integer.toString(ifindex)))) {
        if (line.startsWith("ADDRESS=")) {
          return Optional.of(line.substring("ADDRESS=".length()).strip());
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      // No lease, or one we may not read: either way the origin is not proven.
      return Optional.empty();
    }
  }
}
