package io.gpuchassis.agent.network;

import java.util.List;
import java.util.Optional;

/**
 * The management processor's network configuration at one moment: its interfaces (loopback
 * excluded, in kernel index order) and the host-wide settings.
 *
 * @param hostName the kernel host name without domain
 * @param fqdn the fully qualified name, when the host name or {@code resolv.conf}'s {@code domain}
 *     gives one
 * @param nameServers the DNS servers of {@code resolv.conf}, in its order
 */
public record NetworkConfiguration(
    List<NetworkInterfaceInfo> interfaces,
    Optional<String> hostName,
    Optional<String> fqdn,
    List<String> nameServers) {

  public NetworkConfiguration {
    interfaces = List.copyOf(interfaces);
    nameServers = List.copyOf(nameServers);
  }

  /** The interface called {@code name}, if there is one. */
  public Optional<NetworkInterfaceInfo> find(String name) {
    return interfaces.stream().filter(i -> i.name().equals(name)).findFirst();
  }
}
