package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * MoE, Switchtec management over Ethernet, to one chip: the chip's Ethernet management endpoint (or
 * a switch simulator serving MoE) at {@code host:port}, MoE service instance {@code instance}.
 *
 * @param host host name or IP address
 * @param port TCP port, 1-65535 ({@link #MOE_PORT} on a chip)
 * @param instance MoE service instance of the chip on that endpoint, 0 or 1
 */
public record TcpAccess(String host, int port, int instance) implements SwitchAccess {

  /** The port a chip's MoE endpoint listens on, and the only one switchtec-user connects to. */
  public static final int MOE_PORT = 54545;

  public TcpAccess {
    Objects.requireNonNull(host, "host");
  }

  /** Instance 0, the usual one. */
  public TcpAccess(String host, int port) {
    this(host, port, 0);
  }

  /**
   * {@code "tcp 10.0.0.5:54545"}, with {@code " instance 1"} for the second instance; an IPv6
   * address is bracketed.
   */
  @Override
  public String describe() {
    String shownHost = host.contains(":") ? "[" + host + "]" : host;
    return "tcp " + shownHost + ":" + port + (instance == 0 ? "" : " instance " + instance);
  }
}
