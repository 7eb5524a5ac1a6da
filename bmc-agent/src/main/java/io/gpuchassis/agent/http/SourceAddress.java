package io.gpuchassis.agent.http;

import io.gpuchassis.agent.security.ClientAddress;
import io.vertx.core.net.SocketAddress;

/**
 * Whose connection it is, for the per-address budget: counted as the login limits count a client
 * ({@link ClientAddress}).
 */
record SourceAddress(String key) {

  static SourceAddress of(SocketAddress remote) {
    return of(remote == null ? null : remote.hostAddress());
  }

  /**
   * @param host the address as the socket reports it (a literal)
   */
  static SourceAddress of(String host) {
    return new SourceAddress(host == null ? "unknown" : ClientAddress.key(host));
  }

  @Override
  public String toString() {
    return key;
  }
}
