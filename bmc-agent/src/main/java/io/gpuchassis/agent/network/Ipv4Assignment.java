package io.gpuchassis.agent.network;

import java.util.Objects;
import java.util.Optional;

/**
 * An IPv4 address assigned to an interface.
 *
 * @param address dotted quad
 * @param prefixLength the network prefix in bits (0-32)
 * @param origin how the address was obtained, where that can be known
 */
public record Ipv4Assignment(String address, int prefixLength, Optional<Origin> origin) {

  public Ipv4Assignment {
    Objects.requireNonNull(address, "address");
    if (prefixLength < 0 || prefixLength > 32) {
      throw new IllegalArgumentException(
          "IPv4 prefix length " + prefixLength + " is out of range 0-32");
    }
  }

  /** The subnet mask of the prefix, as a dotted quad ({@code 24} is {@code 255.255.255.0}). */
  public String subnetMask() {
    long mask = prefixLength == 0 ? 0 : (0xFFFFFFFFL << (32 - prefixLength)) & 0xFFFFFFFFL;
    return (mask >> 24)
        + "."
        + ((mask >> 16) & 0xFF)
        + "."
        + ((mask >> 8) & 0xFF)
        + "."
        + (mask & 0xFF);
  }

  /**
   * How an address was obtained. Only what the system proves is stated: an address neither a lease
   * nor a configuration file names (one added by hand, or by a DHCP client other than networkd) is
   * not told.
   */
  public enum Origin {
    /** Leased from a DHCP server (a current systemd-networkd lease names it). */
    DHCP,
    /**
     * Assigned by the network configuration (ifupdown or systemd-networkd, see StaticAddresses).
     */
    STATIC,
    /** Self-assigned from 169.254.0.0/16 (RFC 3927). */
    LINK_LOCAL
  }
}
