package io.gpuchassis.agent.security;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Who a login rate and a lockout belong to: an IPv4 address, or the /64 network of an IPv6 address
 * (one host gets a whole /64 and could otherwise take a fresh address for every guess). An
 * IPv4-mapped IPv6 address counts as its IPv4 address.
 */
public final class ClientAddress {

  /**
   * Only literals are parsed (a host name would cost a DNS lookup); text with a colon is never
   * looked up.
   */
  private static final Pattern LITERAL =
      Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[\\w.-]+)?");

  private ClientAddress() {}

  /**
   * The key one client is counted under: an IPv4 address, or the /64 network of an IPv6 address
   * (one host is given a whole /64 and could otherwise take a fresh address per attempt); an
   * IPv4-mapped address counts as IPv4.
   */
  public static String key(String address) {
    if (address == null || !LITERAL.matcher(address).matches()) {
      return String.valueOf(address);
    }
    try {
      InetAddress parsed = InetAddress.getByName(address);
      if (parsed instanceof Inet4Address) {
        return parsed.getHostAddress();
      }
      if (parsed instanceof Inet6Address) {
        byte[] bytes = parsed.getAddress();
        return HexFormat.of().formatHex(bytes, 0, 8) + "::/64";
      }
    } catch (UnknownHostException e) {
      // not a literal after all: keep the text as it came
    }
    return address;
  }
}
