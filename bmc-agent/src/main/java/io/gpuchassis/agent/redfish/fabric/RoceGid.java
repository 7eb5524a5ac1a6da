package io.gpuchassis.agent.redfish.fabric;

import java.util.regex.Pattern;

/**
 * The RoCEv2 GID of a host's IP address. RoCEv2 carries its GIDs as IPv6 addresses: an IPv4 address
 * is used as its IPv4-mapped IPv6 address ({@code ::ffff:a.b.c.d}, RFC 4291 §2.5.5.2, as the RDMA
 * stacks fill their GID tables for an IPv4 address), an IPv6 address as itself. The GID is derived
 * here from the address the board gives, not read from the host's GID table.
 */
public final class RoceGid {

  private static final Pattern IPV4 =
      Pattern.compile(
          "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");

  private RoceGid() {}

  public static boolean isIpv4(String address) {
    return IPV4.matcher(address).matches();
  }

  /** {@code ::ffff:10.1.0.21} for {@code 10.1.0.21}; an IPv6 address in lower case. */
  public static String of(String address) {
    return isIpv4(address) ? "::ffff:" + address : address.toLowerCase(java.util.Locale.ROOT);
  }
}
