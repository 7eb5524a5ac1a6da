package io.gpuchassis.agent.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The round-trip probe of the data-path ports ({@code dataPorts.roundTrip}): which peer each port
 * pings and how often, how many echoes a probe sends and above which average round trip a port is
 * warned about. No peers, no probe.
 *
 * @param peers the peer's IPv4 or IPv6 address (a literal: the probe resolves no names) by port,
 *     named {@code <adapter>/<port>} as in Redfish ({@code NIC1/1}), in the file's order
 * @param interval how often each port is probed
 * @param count the echo requests of one probe (ping's {@code -c})
 * @param warnAboveMicroseconds the average round trip above which the port is warned about
 */
public record RoundTripSettings(
    Map<String, String> peers, Duration interval, int count, long warnAboveMicroseconds) {

  public static final RoundTripSettings DEFAULT =
      new RoundTripSettings(Map.of(), Duration.ofSeconds(30), 5, 100);

  private static final Pattern PORT = Pattern.compile("[A-Za-z0-9_.-]{1,64}/[A-Za-z0-9_.-]{1,64}");

  private static final Pattern IPV4 =
      Pattern.compile(
          "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

  public RoundTripSettings {
    peers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(peers));
    for (Map.Entry<String, String> e : peers.entrySet()) {
      String key = "dataPorts.roundTrip.peers." + e.getKey();
      if (!PORT.matcher(e.getKey()).matches()) {
        throw ConfigException.at(
            "dataPorts.roundTrip.peers",
            "dataPorts.roundTrip.peers: '"
                + e.getKey()
                + "' is not a port named <adapter>/<port>, such as NIC1/1");
      }
      if (e.getValue() == null || !address(e.getValue())) {
        throw ConfigException.at(
            key, key + ": '" + e.getValue() + "' is not an IPv4 or IPv6 address");
      }
    }
    // a probe of 5 echoes 0.2 s apart takes 0.8 s: below 1 s the probes would run back to back
    // (one thread: a probe longer than the period delays the next, never overlaps it)
    Durations.requireWithin(
        "dataPorts.roundTrip.interval", interval, Duration.ofSeconds(1), Duration.ofHours(1));
    if (count < 1 || count > 100) {
      throw ConfigException.at(
          "dataPorts.roundTrip.count",
          "dataPorts.roundTrip.count must lie between 1 and 100, not " + count);
    }
    if (warnAboveMicroseconds < 1 || warnAboveMicroseconds > 1_000_000) {
      throw ConfigException.at(
          "dataPorts.roundTrip.warnAboveMicroseconds",
          "dataPorts.roundTrip.warnAboveMicroseconds must lie between 1 and 1000000, not "
              + warnAboveMicroseconds);
    }
  }

  /** Whether the probe runs at all. */
  public boolean enabled() {
    return !peers.isEmpty();
  }

  /** A dotted IPv4 address or an IPv6 address without zone, as ping takes them with -n. */
  static boolean address(String text) {
    if (IPV4.matcher(text).matches()) {
      return true;
    }
    if (!text.contains(":") || !text.matches("[0-9A-Fa-f:.]{2,45}")) {
      return false;
    }
    try {
      // a literal with ':' is parsed, never looked up
      return java.net.InetAddress.getByName(text) instanceof java.net.Inet6Address;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }
}
