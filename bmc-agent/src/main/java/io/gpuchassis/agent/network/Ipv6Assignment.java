package io.gpuchassis.agent.network;

import java.util.Objects;

/**
 * An IPv6 address assigned to an interface.
 *
 * @param address RFC 5952 text (lower case, longest zero run as {@code ::}, no zone)
 * @param prefixLength the network prefix in bits (0-128)
 */
public record Ipv6Assignment(String address, int prefixLength, Scope scope) {

  public Ipv6Assignment {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(scope, "scope");
    if (prefixLength < 0 || prefixLength > 128) {
      throw new IllegalArgumentException(
          "IPv6 prefix length " + prefixLength + " is out of range 0-128");
    }
  }

  /** Where the address is valid. */
  public enum Scope {
    /** fe80::/10: this link only, always derived by the host itself. */
    LINK_LOCAL,
    /** Routable beyond the link (global and unique-local addresses). */
    GLOBAL
  }
}
