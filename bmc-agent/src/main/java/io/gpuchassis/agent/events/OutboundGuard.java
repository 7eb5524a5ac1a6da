package io.gpuchassis.agent.events;

import io.gpuchassis.agent.config.OutboundPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Decides whether the agent may connect to a URI a client named (an event destination, a
 * SimpleUpdate image): the scheme must be https (or http when {@link OutboundPolicy#allowHttp()}),
 * and every address the host resolves to must lie outside {@link OutboundPolicy#deniedNetworks()}.
 * The answer names the address to connect to, so that the connection goes where the check looked
 * and a DNS answer that changes in between (rebinding) cannot redirect it. Blocking: resolving a
 * name asks DNS.
 */
public final class OutboundGuard {

  /** Resolves a host name to its addresses; {@link InetAddress#getAllByName} outside tests. */
  @FunctionalInterface
  public interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  /**
   * A connection the policy allows.
   *
   * @param host the host name as written (for the Host header, SNI and the certificate check),
   *     without brackets
   * @param address the checked address to connect to
   */
  public record Permit(URI uri, String host, InetAddress address, int port, boolean tls) {

    /** The path and query to request. */
    public String pathAndQuery() {
      String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
      return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
  }

  /**
   * A URI the agent must not connect to; the message says why, in words fit for the client that
   * named it.
   */
  public static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    public Refused(String why) {
      super(why, null, false, false);
    }
  }

  private final OutboundPolicy policy;
  private final Resolver resolver;

  public OutboundGuard(OutboundPolicy policy) {
    this(policy, InetAddress::getAllByName);
  }

  public OutboundGuard(OutboundPolicy policy, Resolver resolver) {
    this.policy = policy;
    this.resolver = resolver;
  }

  public OutboundPolicy policy() {
    return policy;
  }

  /** Checks {@code uri} now, resolving its host; blocking. */
  public Permit check(URI uri) throws Refused {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    boolean tls = scheme.equals("https");
    if (!tls && !scheme.equals("http")) {
      throw new Refused("only https:// URIs are accepted");
    }
    if (!tls && !policy.allowHttp()) {
      throw new Refused(
          "plain http:// is not allowed on this service; use https:// (setting outbound.allowHttp)");
    }
    return resolve(uri, tls, tls ? 443 : 80);
  }

  /**
   * Checks a syslog destination ({@code syslog://host[:port]}) now, resolving its host; blocking.
   * Plain TCP or UDP ({@code tls} false) is plaintext, allowed only as plain http is.
   */
  public Permit checkSyslog(URI uri, boolean tls) throws Refused {
    if (!"syslog".equalsIgnoreCase(uri.getScheme())) {
      throw new Refused("a syslog destination is syslog://host or syslog://host:port");
    }
    if (!tls && !policy.allowHttp()) {
      throw new Refused(
          "plain syslog (TCP or UDP) is not allowed on this service; use SyslogTLS (setting"
              + " outbound.allowHttp)");
    }
    return resolve(uri, tls, tls ? 6514 : 514);
  }

  private Permit resolve(URI uri, boolean tls, int defaultPort) throws Refused {
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      throw new Refused("the URI names no host");
    }
    String bare =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    InetAddress[] addresses;
    try {
      addresses = resolver.resolve(bare);
    } catch (UnknownHostException e) {
      throw new Refused("the host name " + bare + " does not resolve");
    }
    if (addresses == null || addresses.length == 0) {
      throw new Refused("the host name " + bare + " does not resolve");
    }
    for (InetAddress address : addresses) {
      if (policy.denies(address)) {
        throw new Refused(
            bare
                + " is "
                + address.getHostAddress()
                + ", in a network this service does not connect to (setting outbound.deniedNetworks)");
      }
    }
    int port = uri.getPort() >= 0 ? uri.getPort() : defaultPort;
    return new Permit(uri, bare, addresses[0], port, tls);
  }
}
