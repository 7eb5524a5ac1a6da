package io.gpuchassis.agent.config;

/** A host and TCP port to listen on, written {@code HOST:PORT} (IPv6 hosts in brackets). */
public record ListenAddress(String host, int port) {

  public ListenAddress {
    if (host == null || host.isBlank()) {
      throw new ConfigException("listen address needs a host");
    }
    if (port < 0 || port > 65535) {
      throw new ConfigException("listen port " + port + " is out of range 0-65535");
    }
  }

  /**
   * Parses {@code 127.0.0.1:8443}, {@code [::1]:8443} or {@code 0.0.0.0:443}; port 0 picks a free
   * port.
   */
  public static ListenAddress parse(String text) {
    String value = text == null ? "" : text.trim();
    int colon = value.lastIndexOf(':');
    if (colon <= 0 || colon == value.length() - 1) {
      throw new ConfigException("listen address '" + text + "' is not HOST:PORT");
    }
    String host = value.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    } else if (host.contains(":")) {
      throw new ConfigException(
          "listen address '" + text + "': write IPv6 hosts in brackets, e.g. [::1]:8443");
    }
    int port;
    try {
      port = Integer.parseInt(value.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new ConfigException("listen address '" + text + "' has a port that is not a number");
    }
    return new ListenAddress(host, port);
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
