package io.gpuchassis.agent.network;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One network interface of the management processor as the operating system reports it at one
 * moment. Anything the system does not say is empty, never guessed.
 *
 * @param name the kernel's interface name ({@code eth0})
 * @param macAddress the current hardware address, upper-case and colon-separated
 * @param permanentMacAddress the burned-in address, known only when the current one is it (sysfs
 *     {@code addr_assign_type} 0)
 * @param mtu the MTU in bytes
 * @param enabled administratively up (IFF_UP)
 * @param link whether the link is up (sysfs {@code operstate}, else {@code carrier})
 * @param speedMbps the link speed; empty while the link is down or when the driver does not report
 *     it
 * @param ipv4Gateway the default IPv4 gateway routed through this interface (lowest metric)
 */
public record NetworkInterfaceInfo(
    String name,
    Optional<String> macAddress,
    Optional<String> permanentMacAddress,
    OptionalInt mtu,
    boolean enabled,
    Link link,
    OptionalInt speedMbps,
    List<Ipv4Assignment> ipv4Addresses,
    Optional<String> ipv4Gateway,
    List<Ipv6Assignment> ipv6Addresses) {

  public NetworkInterfaceInfo {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(link, "link");
    ipv4Addresses = List.copyOf(ipv4Addresses);
    ipv6Addresses = List.copyOf(ipv6Addresses);
  }

  /** Whether the physical link is up, as far as the kernel knows. */
  public enum Link {
    UP,
    DOWN,
    /** The driver reports neither (operstate {@code unknown} and no carrier file). */
    UNKNOWN
  }
}
