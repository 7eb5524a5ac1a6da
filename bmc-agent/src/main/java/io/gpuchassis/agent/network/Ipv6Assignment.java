package io.gpuchassis.agent.network;

import java.util.Objects;
import java.util.Optional;

/**
 * An IPv6 address assigned to an interface.
 *
 * @param address RFC 5952 text (lower case, longest zero run as {@code ::}, no zone)
 * @param prefixLength the network prefix in bits (0-128)
 * @param origin how the address was obtained, where that can be known
 * @param state where duplicate address detection stands, when the kernel tells
 */
public record Ipv6Assignment(
    String address, int prefixLength, Scope scope, Optional<Origin> origin, Optional<State> state) {

  public Ipv6Assignment {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(scope, "scope");
    if (prefixLength < 0 || prefixLength > 128) {
      throw new IllegalArgumentException(
          "IPv6 prefix length " + prefixLength + " is out of range 0-128");
    }
  }

  /** An address of which only its scope is known (a link-local one is self-assigned). */
  public Ipv6Assignment(String address, int prefixLength, Scope scope) {
    this(
        address,
        prefixLength,
        scope,
        scope == Scope.LINK_LOCAL ? Optional.of(Origin.LINK_LOCAL) : Optional.empty(),
        Optional.empty());
  }

  /** Where the address is valid. */
  public enum Scope {
    /** fe80::/10: this link only, always derived by the host itself. */
    LINK_LOCAL,
    /** Routable beyond the link (global and unique-local addresses). */
    GLOBAL
  }

  /**
   * How an address was obtained. Only what the kernel proves is stated: an address learnt from a
   * router (SLAAC) is not told from one a DHCPv6 client added, so neither is named.
   */
  public enum Origin {
    /** Self-assigned on the link. */
    LINK_LOCAL,
    /** Configured without a lifetime (the kernel's IFA_F_PERMANENT): by hand or configuration. */
    STATIC
  }

  /** RFC 4862's states of an address, as the kernel's flags give them. */
  public enum State {
    /** Usable for new connections. */
    PREFERRED,
    /** Still valid, but not for new connections (its preferred lifetime has run out). */
    DEPRECATED,
    /** Being checked for duplicates; not usable yet. */
    TENTATIVE,
    /** Another host on the link has it: duplicate address detection failed. */
    FAILED
  }
}
