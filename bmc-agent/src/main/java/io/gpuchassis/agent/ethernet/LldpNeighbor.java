package io.gpuchassis.agent.ethernet;

import java.util.List;
import java.util.Optional;

/**
 * What the link partner of a data-path port announces over LLDP, as lldpd's client shows it.
 *
 * @param chassisIdType lldpd's name of the chassis ID subtype: {@code mac}, {@code ifname}, {@code
 *     ifalias}, {@code local}, {@code ip} or {@code unhandled}
 * @param portIdType the same for the port ID
 * @param managementAddresses the management addresses (IPv4 or IPv6), as announced
 * @param capabilities the system capabilities announced, lldpd's names ({@code Bridge}, {@code
 *     Router}, {@code Wlan}, {@code Tel}, {@code Docsis}, {@code Station}, ...)
 */
public record LldpNeighbor(
    String chassisIdType,
    String chassisId,
    String portIdType,
    String portId,
    Optional<String> portDescription,
    Optional<String> systemName,
    Optional<String> systemDescription,
    List<String> managementAddresses,
    List<String> capabilities) {

  public LldpNeighbor {
    managementAddresses = List.copyOf(managementAddresses);
    capabilities = List.copyOf(capabilities);
  }
}
