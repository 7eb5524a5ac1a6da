package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The switch management wire protocol over TCP (the chip's Ethernet management port, or a switch
 * simulator in another process).
 *
 * @param host host name or IP address
 * @param port TCP port, 1-65535
 */
public record TcpAccess(String host, int port) implements SwitchAccess {

  public TcpAccess {
    Objects.requireNonNull(host, "host");
  }

  /** {@code "tcp 10.0.0.5:54545"}; an IPv6 address is bracketed. */
  @Override
  public String describe() {
    String shownHost = host.contains(":") ? "[" + host + "]" : host;
    return "tcp " + shownHost + ":" + port;
  }
}
