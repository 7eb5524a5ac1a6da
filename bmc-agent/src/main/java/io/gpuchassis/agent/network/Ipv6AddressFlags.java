package io.gpuchassis.agent.network;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The kernel's own word on each IPv6 address, from {@code /proc/net/if_inet6} (address, interface
 * index, prefix length, scope, flags and interface name per line): where duplicate address
 * detection stands (RFC 4862), and whether the address was configured with no lifetime (by hand or
 * by a configuration file) rather than learnt from a router or a DHCPv6 server.
 */
final class Ipv6AddressFlags {

  // include/uapi/linux/if_addr.h
  static final int IFA_F_DADFAILED = 0x08;
  static final int IFA_F_DEPRECATED = 0x20;
  static final int IFA_F_TENTATIVE = 0x40;
  static final int IFA_F_PERMANENT = 0x80;

  private final Map<String, Integer> flags;

  private Ipv6AddressFlags(Map<String, Integer> flags) {
    this.flags = flags;
  }

  /** Reads {@code file}; an absent or unreadable one knows no address. */
  static Ipv6AddressFlags read(Path file) {
    Map<String, Integer> flags = new HashMap<>();
    try {
      for (String line : Files.readAllLines(file)) {
        String[] f = line.strip().split("\\s+");
        if (f.length == 6 && f[0].length() == 32) {
          try {
            flags.put(key(f[5], f[0]), Integer.parseInt(f[4], 16));
          } catch (NumberFormatException e) {
            // a line we do not understand says nothing
          }
        }
      }
    } catch (IOException e) {
      // no IPv6, or no procfs: nothing is known
    }
    return new Ipv6AddressFlags(flags);
  }

  /** The state of {@code address} on {@code interfaceName}, if the kernel listed it. */
  Optional<Ipv6Assignment.State> state(String interfaceName, byte[] address) {
    return flags(interfaceName, address)
        .map(
            f -> {
              if ((f & IFA_F_DADFAILED) != 0) {
                return Ipv6Assignment.State.FAILED;
              }
              if ((f & IFA_F_TENTATIVE) != 0) {
                return Ipv6Assignment.State.TENTATIVE;
              }
              return (f & IFA_F_DEPRECATED) != 0
                  ? Ipv6Assignment.State.DEPRECATED
                  : Ipv6Assignment.State.PREFERRED;
            });
  }

  /** Whether the kernel lists {@code address} as configured without a lifetime. */
  boolean permanent(String interfaceName, byte[] address) {
    return flags(interfaceName, address).map(f -> (f & IFA_F_PERMANENT) != 0).orElse(false);
  }

  private Optional<Integer> flags(String interfaceName, byte[] address) {
    return Optional.ofNullable(flags.get(key(interfaceName, HexFormat.of().formatHex(address))));
  }

  private static String key(String interfaceName, String hex) {
    return interfaceName + "/" + hex.toLowerCase(java.util.Locale.ROOT);
  }
}
