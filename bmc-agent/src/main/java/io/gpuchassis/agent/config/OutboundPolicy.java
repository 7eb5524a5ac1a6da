package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the agent may connect on a client's behalf (event destinations and SimpleUpdate image
 * URIs), and the limits of event streams, subscriptions and firmware uploads (configuration key
 * {@code outbound}; docs/SECURITY.md). Every key is optional; an absent one keeps its default. The
 * upload limits belong to the UpdateService; they live here until they get a key of their own.
 *
 * @param allowHttp whether plain {@code http://} destinations and image URIs are accepted (default:
 *     https only)
 * @param deniedNetworks networks the agent never connects to, checked against every address a host
 *     name resolves to, when a destination is named and again at each connection
 * @param maxSseStreams open SSE streams at most, for all accounts together
 * @param sseStreamsPerAccount open SSE streams at most per account
 * @param sseStreamsReservedForManagers streams only callers with ConfigureManager may open once the
 *     others are taken
 * @param sseBufferBytes bytes of events that may wait for one stream's reader; a reader further
 *     behind is told and disconnected
 * @param sseOverflowGrace how long a stream that fell behind may take to drain before its
 *     connection is closed
 * @param maxSubscriptions push subscriptions at most, for all accounts together
 * @param subscriptionsPerAccount push subscriptions at most per account
 * @param subscriptionsReservedForManagers subscriptions only callers with ConfigureManager may
 *     create once the others are taken
 * @param uploadDeadline the longest a firmware bundle may take to arrive, pushed or fetched
 * @param stagingFreeSpaceMarginBytes free space the state file system keeps beyond an upload's size
 */
public record OutboundPolicy(
    boolean allowHttp,
    List<Network> deniedNetworks,
    int maxSseStreams,
    int sseStreamsPerAccount,
    int sseStreamsReservedForManagers,
    int sseBufferBytes,
    Duration sseOverflowGrace,
    int maxSubscriptions,
    int subscriptionsPerAccount,
    int subscriptionsReservedForManagers,
    Duration uploadDeadline,
    long stagingFreeSpaceMarginBytes) {

  /** Loopback, link-local (cloud metadata at 169.254.169.254) and the unspecified addresses. */
  public static final List<String> DEFAULT_DENIED_NETWORKS =
      List.of("127.0.0.0/8", "::1/128", "169.254.0.0/16", "fe80::/10", "0.0.0.0/8", "::/128");

  public static final OutboundPolicy DEFAULT =
      new OutboundPolicy(
          false,
          networks(DEFAULT_DENIED_NETWORKS),
          10,
          5,
          2,
          256 * 1024,
          Duration.ofSeconds(10),
          20,
          10,
          5,
          Duration.ofMinutes(5),
          16L * 1024 * 1024);

  public OutboundPolicy {
    deniedNetworks = List.copyOf(deniedNetworks);
    within("maxSseStreams", maxSseStreams, 1, 100);
    within("sseStreamsPerAccount", sseStreamsPerAccount, 1, maxSseStreams);
    within("sseStreamsReservedForManagers", sseStreamsReservedForManagers, 0, maxSseStreams - 1);
    within("sseBufferBytes", sseBufferBytes, 16 * 1024, 16 * 1024 * 1024);
    Durations.requireWithin(
        "outbound.sseOverflowGrace", sseOverflowGrace, Duration.ZERO, Duration.ofMinutes(5));
    within("maxSubscriptions", maxSubscriptions, 1, 100);
    within("subscriptionsPerAccount", subscriptionsPerAccount, 1, maxSubscriptions);
    within(
        "subscriptionsReservedForManagers",
        subscriptionsReservedForManagers,
        0,
        maxSubscriptions - 1);
    Durations.requireWithin(
        "outbound.uploadDeadline", uploadDeadline, Duration.ofSeconds(10), Duration.ofHours(1));
    within("stagingFreeSpaceMarginBytes", stagingFreeSpaceMarginBytes, 0, Long.MAX_VALUE / 4);
  }

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  static OutboundPolicy fromFile(
      @JsonProperty("allowHttp") Boolean allowHttp,
      @JsonProperty("deniedNetworks") List<String> deniedNetworks,
      @JsonProperty("maxSseStreams") Integer maxSseStreams,
      @JsonProperty("sseStreamsPerAccount") Integer sseStreamsPerAccount,
      @JsonProperty("sseStreamsReservedForManagers") Integer sseStreamsReservedForManagers,
      @JsonProperty("sseBufferBytes") Integer sseBufferBytes,
      @JsonProperty("sseOverflowGrace") String sseOverflowGrace,
      @JsonProperty("maxSubscriptions") Integer maxSubscriptions,
      @JsonProperty("subscriptionsPerAccount") Integer subscriptionsPerAccount,
      @JsonProperty("subscriptionsReservedForManagers") Integer subscriptionsReservedForManagers,
      @JsonProperty("uploadDeadline") String uploadDeadline,
      @JsonProperty("stagingFreeSpaceMarginBytes") Long stagingFreeSpaceMarginBytes) {
    OutboundPolicy d = DEFAULT;
    return new OutboundPolicy(
        or(allowHttp, d.allowHttp),
        deniedNetworks == null ? d.deniedNetworks : networks(deniedNetworks),
        or(maxSseStreams, d.maxSseStreams),
        or(sseStreamsPerAccount, d.sseStreamsPerAccount),
        or(sseStreamsReservedForManagers, d.sseStreamsReservedForManagers),
        or(sseBufferBytes, d.sseBufferBytes),
        sseOverflowGrace == null
            ? d.sseOverflowGrace
            : duration("sseOverflowGrace", sseOverflowGrace),
        or(maxSubscriptions, d.maxSubscriptions),
        or(subscriptionsPerAccount, d.subscriptionsPerAccount),
        or(subscriptionsReservedForManagers, d.subscriptionsReservedForManagers),
        uploadDeadline == null ? d.uploadDeadline : duration("uploadDeadline", uploadDeadline),
        or(stagingFreeSpaceMarginBytes, d.stagingFreeSpaceMarginBytes));
  }

  /** Whether the agent must not connect to {@code address}. */
  public boolean denies(InetAddress address) {
    return deniedNetworks.stream().anyMatch(n -> n.contains(address));
  }

  public OutboundPolicy withAllowHttp(boolean value) {
    return new OutboundPolicy(
        value,
        deniedNetworks,
        maxSseStreams,
        sseStreamsPerAccount,
        sseStreamsReservedForManagers,
        sseBufferBytes,
        sseOverflowGrace,
        maxSubscriptions,
        subscriptionsPerAccount,
        subscriptionsReservedForManagers,
        uploadDeadline,
        stagingFreeSpaceMarginBytes);
  }

  /**
   * With {@code cidrs} (e.g. {@code 10.0.0.0/8}) as the whole deny list; an empty list denies
   * nothing.
   */
  public OutboundPolicy withDeniedNetworks(List<String> cidrs) {
    return new OutboundPolicy(
        allowHttp,
        networks(cidrs),
        maxSseStreams,
        sseStreamsPerAccount,
        sseStreamsReservedForManagers,
        sseBufferBytes,
        sseOverflowGrace,
        maxSubscriptions,
        subscriptionsPerAccount,
        subscriptionsReservedForManagers,
        uploadDeadline,
        stagingFreeSpaceMarginBytes);
  }

  public OutboundPolicy withSseStreams(int max, int perAccount, int reservedForManagers) {
    return new OutboundPolicy(
        allowHttp,
        deniedNetworks,
        max,
        perAccount,
        reservedForManagers,
        sseBufferBytes,
        sseOverflowGrace,
        maxSubscriptions,
        subscriptionsPerAccount,
        subscriptionsReservedForManagers,
        uploadDeadline,
        stagingFreeSpaceMarginBytes);
  }

  public OutboundPolicy withSseBuffer(int bytes, Duration overflowGrace) {
    return new OutboundPolicy(
        allowHttp,
        deniedNetworks,
        maxSseStreams,
        sseStreamsPerAccount,
        sseStreamsReservedForManagers,
        bytes,
        overflowGrace,
        maxSubscriptions,
        subscriptionsPerAccount,
        subscriptionsReservedForManagers,
        uploadDeadline,
        stagingFreeSpaceMarginBytes);
  }

  public OutboundPolicy withSubscriptions(int max, int perAccount, int reservedForManagers) {
    return new OutboundPolicy(
        allowHttp,
        deniedNetworks,
        maxSseStreams,
        sseStreamsPerAccount,
        sseStreamsReservedForManagers,
        sseBufferBytes,
        sseOverflowGrace,
        max,
        perAccount,
        reservedForManagers,
        uploadDeadline,
        stagingFreeSpaceMarginBytes);
  }

  public OutboundPolicy withUploads(Duration deadline, long freeSpaceMarginBytes) {
    return new OutboundPolicy(
        allowHttp,
        deniedNetworks,
        maxSseStreams,
        sseStreamsPerAccount,
        sseStreamsReservedForManagers,
        sseBufferBytes,
        sseOverflowGrace,
        maxSubscriptions,
        subscriptionsPerAccount,
        subscriptionsReservedForManagers,
        deadline,
        freeSpaceMarginBytes);
  }

  /**
   * An IPv4 or IPv6 network in CIDR notation, such as {@code 169.254.0.0/16} or {@code fe80::/10}.
   */
  public record Network(InetAddress address, int prefixLength) {

    public Network {
      int bits = address.getAddress().length * 8;
      if (prefixLength < 0 || prefixLength > bits) {
        throw new ConfigException(
            "the prefix length of "
                + address.getHostAddress()
                + " must lie between 0 and "
                + bits
                + ", not "
                + prefixLength);
      }
    }

    /**
     * Reads {@code a.b.c.d/n} or {@code x::y/n}; an address without {@code /n} is that one address.
     */
    public static Network parse(String cidr) {
      String text = cidr == null ? "" : cidr.trim();
      int slash = text.indexOf('/');
      String host = slash < 0 ? text : text.substring(0, slash);
      // Literal addresses only: a host name here would make the deny list depend on DNS.
      if (!host.matches("[0-9a-fA-F:.]+")
          || (!host.contains(":") && !host.matches("\\d{1,3}(\\.\\d{1,3}){3}"))) {
        throw new ConfigException("'" + cidr + "' is not a network such as 10.0.0.0/8 or fd00::/8");
      }
      InetAddress address;
      try {
        address = InetAddress.getByName(host);
      } catch (UnknownHostException e) {
        throw new ConfigException("'" + cidr + "' is not a network such as 10.0.0.0/8 or fd00::/8");
      }
      int bits = address.getAddress().length * 8;
      if (slash < 0) {
        return new Network(address, bits);
      }
      String length = text.substring(slash + 1);
      if (!length.matches("\\d{1,3}")) {
        throw new ConfigException("'" + cidr + "' has no prefix length after '/'");
      }
      return new Network(address, Integer.parseInt(length));
    }

    /**
     * Whether {@code other} lies in this network; IPv4-mapped IPv6 addresses count as IPv4 (the JDK
     * maps them).
     */
    public boolean contains(InetAddress other) {
      byte[] net = address.getAddress();
      byte[] candidate = other.getAddress();
      if (net.length != candidate.length) {
        return false;
      }
      int full = prefixLength / 8;
      for (int i = 0; i < full; i++) {
        if (net[i] != candidate[i]) {
          return false;
        }
      }
      int rest = prefixLength % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xFF << (8 - rest)) & 0xFF;
      return (net[full] & mask) == (candidate[full] & mask);
    }

    @Override
    public String toString() {
      return address.getHostAddress() + "/" + prefixLength;
    }
  }

  private static List<Network> networks(List<String> cidrs) {
    List<Network> parsed = new ArrayList<>();
    for (String cidr : cidrs) {
      try {
        parsed.add(Network.parse(cidr));
      } catch (ConfigException e) {
        throw ConfigException.at(
            "outbound.deniedNetworks", "outbound.deniedNetworks: " + e.getMessage(), e);
      }
    }
    return parsed;
  }

  private static Duration duration(String key, String text) {
    return Durations.parse("outbound." + key, text);
  }

  private static void within(String key, long value, long min, long max) {
    if (value < min || value > max) {
      throw ConfigException.at(
          "outbound." + key,
          "outbound." + key + " must lie between " + min + " and " + max + ", not " + value);
    }
  }

  private static <T> T or(T value, T fallback) {
    return value == null ? fallback : value;
  }
}
