package io.gpuchassis.agent.config;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Where events and security-log entries are forwarded as syslog messages, from the configuration
 * file's {@code syslog} section: one collector ({@code syslog://host:port}), its transport, the
 * least severe message sent, the facility of events, and the CA file a TLS collector's certificate
 * is checked against.
 *
 * @param destination {@code syslog://host[:port]}; none: nothing is forwarded
 * @param protocol {@code SyslogTLS} (default port 6514), {@code SyslogTCP} (514) or {@code
 *     SyslogUDP} (514), as Redfish's EventDestination names them
 * @param lowestSeverity RFC 5424 severity name (Redfish's SyslogSeverity): the least severe sent
 * @param facility RFC 5424 facility name (Redfish's SyslogFacility) of events; security-log entries
 *     go as Authpriv
 * @param caFile PEM certificates a TLS collector's certificate must chain to; none: the JDK's CAs
 */
public record SyslogSettings(
    Optional<URI> destination,
    String protocol,
    String lowestSeverity,
    String facility,
    Optional<Path> caFile) {

  static final String[] SEVERITIES = {
    "Emergency", "Alert", "Critical", "Error", "Warning", "Notice", "Informational", "Debug", "All"
  };
  static final String[] FACILITIES = {
    "Kern",
    "User",
    "Mail",
    "Daemon",
    "Auth",
    "Syslog",
    "LPR",
    "News",
    "UUCP",
    "Cron",
    "Authpriv",
    "FTP",
    "NTP",
    "Security",
    "Console",
    "SolarisCron",
    "Local0",
    "Local1",
    "Local2",
    "Local3",
    "Local4",
    "Local5",
    "Local6",
    "Local7"
  };

  public static final SyslogSettings NONE =
      new SyslogSettings(Optional.empty(), "SyslogTLS", "All", "Local0", Optional.empty());

  public SyslogSettings {
    if (!java.util.List.of("SyslogTLS", "SyslogTCP", "SyslogUDP").contains(protocol)) {
      throw ConfigException.at(
          "syslog.protocol",
          "syslog.protocol is SyslogTLS, SyslogTCP or SyslogUDP, not " + protocol);
    }
    destination.ifPresent(
        uri -> {
          if (!"syslog".equals(uri.getScheme()) || uri.getHost() == null) {
            throw ConfigException.at(
                "syslog.destination",
                "syslog.destination is syslog://host or syslog://host:port, not " + uri);
          }
        });
    if (!names(SEVERITIES).contains(lowestSeverity)) {
      throw ConfigException.at(
          "syslog.lowestSeverity",
          "syslog.lowestSeverity is one of "
              + String.join(", ", SEVERITIES)
              + ", not "
              + lowestSeverity);
    }
    if (!names(FACILITIES).contains(facility)) {
      throw ConfigException.at(
          "syslog.facility",
          "syslog.facility is one of " + String.join(", ", FACILITIES) + ", not " + facility);
    }
  }

  private static java.util.List<String> names(String[] all) {
    return java.util.List.of(all);
  }

  /** The collector's port: the URI's, or the protocol's registered one. */
  public int port() {
    int given = destination.map(URI::getPort).orElse(-1);
    return given > 0 ? given : protocol.equals("SyslogTLS") ? 6514 : 514;
  }

  public String host() {
    return destination.map(URI::getHost).orElseThrow();
  }

  static String canonical(String value, String[] names) {
    for (String n : names) {
      if (n.toLowerCase(Locale.ROOT).equals(value.toLowerCase(Locale.ROOT))) {
        return n;
      }
    }
    return value;
  }
}
