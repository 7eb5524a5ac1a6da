package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;

/**
 * The HTTPS server's limits against clients that hold connections, trickle requests or send too
 * much (configuration key {@code http}; docs/SECURITY.md lists each with its default). Every key is
 * optional; an absent one keeps its default.
 *
 * @param maxConnections open connections at most; beyond, a newcomer is refused
 * @param maxUnauthenticatedConnections of those, at most this many that have not yet made an
 *     authenticated request
 * @param maxUnauthenticatedConnectionsPerAddress of those, at most this many from one client
 *     address (an IPv6 /64)
 * @param reservedAdministratorConnections connections that only callers with ConfigureManager may
 *     hold: connections authenticated otherwise beyond {@code maxConnections -
 *     maxUnauthenticatedConnections - this} are closed after their response
 * @param tlsHandshakeTimeout the TLS handshake must be done within this time of the TCP connection
 * @param requestHeaderTimeout a connection's request line and headers must have arrived within this
 *     time of the handshake (not extended by each line); on a connection that has not
 *     authenticated, the next request's likewise within this time of the previous response
 * @param idleTimeout an authenticated connection's next request must have arrived within this time
 *     of the previous response, and any connection with no traffic either way for this long is
 *     closed
 * @param requestBodyTimeout a request body must have arrived within this time of its headers,
 *     extended by one second for every {@code requestBodyMinRate} bytes received
 * @param requestBodyMinRate bytes per second a body must average beyond {@code requestBodyTimeout};
 *     0 makes {@code requestBodyTimeout} a fixed deadline
 * @param requestTimeout a request must be answered within this time of its body (503 otherwise;
 *     event streams and firmware pushes excepted)
 * @param maxRequestBodyBytes largest request body (413 beyond); a firmware push has its own limit
 * @param maxHeaderBytes largest request header block (431 beyond)
 * @param maxRequestLineBytes longest request line (414 beyond)
 */
public record HttpLimits(
    int maxConnections,
    int maxUnauthenticatedConnections,
    int maxUnauthenticatedConnectionsPerAddress,
    int reservedAdministratorConnections,
    Duration tlsHandshakeTimeout,
    Duration requestHeaderTimeout,
    Duration idleTimeout,
    Duration requestBodyTimeout,
    int requestBodyMinRate,
    Duration requestTimeout,
    int maxRequestBodyBytes,
    int maxHeaderBytes,
    int maxRequestLineBytes) {

  public static final HttpLimits DEFAULT =
      new HttpLimits(
          128,
          32,
          8,
          8,
          Duration.ofSeconds(10),
          Duration.ofSeconds(10),
          Duration.ofSeconds(60),
          Duration.ofSeconds(20),
          1024,
          Duration.ofSeconds(30),
          1024 * 1024,
          16 * 1024,
          8 * 1024);

  public HttpLimits {
    range("http.maxConnections", maxConnections, 8, 10_000);
    range("http.maxUnauthenticatedConnections", maxUnauthenticatedConnections, 1, maxConnections);
    range(
        "http.maxUnauthenticatedConnectionsPerAddress",
        maxUnauthenticatedConnectionsPerAddress,
        1,
        maxUnauthenticatedConnections);
    range(
        "http.reservedAdministratorConnections",
        reservedAdministratorConnections,
        1,
        maxConnections);
    if (maxUnauthenticatedConnections + reservedAdministratorConnections >= maxConnections) {
      throw ConfigException.at(
          "http.maxUnauthenticatedConnections",
          "http.maxUnauthenticatedConnections ("
              + maxUnauthenticatedConnections
              + ") and http.reservedAdministratorConnections ("
              + reservedAdministratorConnections
              + ") must leave room below http.maxConnections ("
              + maxConnections
              + ") for other authenticated clients");
    }
    duration("http.tlsHandshakeTimeout", tlsHandshakeTimeout);
    duration("http.requestHeaderTimeout", requestHeaderTimeout);
    duration("http.idleTimeout", idleTimeout);
    duration("http.requestBodyTimeout", requestBodyTimeout);
    range("http.requestBodyMinRate", requestBodyMinRate, 0, 1_000_000_000);
    duration("http.requestTimeout", requestTimeout);
    range("http.maxRequestBodyBytes", maxRequestBodyBytes, 1024, 64 * 1024 * 1024);
    range("http.maxHeaderBytes", maxHeaderBytes, 1024, 1024 * 1024);
    range("http.maxRequestLineBytes", maxRequestLineBytes, 256, 64 * 1024);
  }

  /**
   * From the configuration file's mapping: absent keys take their defaults; durations as {@code
   * 10s}, {@code 500ms}.
   */
  @JsonCreator
  static HttpLimits fromFile(
      @JsonProperty("maxConnections") Integer maxConnections,
      @JsonProperty("maxUnauthenticatedConnections") Integer maxUnauthenticatedConnections,
      @JsonProperty("maxUnauthenticatedConnectionsPerAddress")
          Integer maxUnauthenticatedConnectionsPerAddress,
      @JsonProperty("reservedAdministratorConnections") Integer reservedAdministratorConnections,
      @JsonProperty("tlsHandshakeTimeout") String tlsHandshakeTimeout,
      @JsonProperty("requestHeaderTimeout") String requestHeaderTimeout,
      @JsonProperty("idleTimeout") String idleTimeout,
      @JsonProperty("requestBodyTimeout") String requestBodyTimeout,
      @JsonProperty("requestBodyMinRate") Integer requestBodyMinRate,
      @JsonProperty("requestTimeout") String requestTimeout,
      @JsonProperty("maxRequestBodyBytes") Integer maxRequestBodyBytes,
      @JsonProperty("maxHeaderBytes") Integer maxHeaderBytes,
      @JsonProperty("maxRequestLineBytes") Integer maxRequestLineBytes) {
    HttpLimits d = DEFAULT;
    return new HttpLimits(
        or(maxConnections, d.maxConnections),
        or(maxUnauthenticatedConnections, d.maxUnauthenticatedConnections),
        or(maxUnauthenticatedConnectionsPerAddress, d.maxUnauthenticatedConnectionsPerAddress),
        or(reservedAdministratorConnections, d.reservedAdministratorConnections),
        parse("http.tlsHandshakeTimeout", tlsHandshakeTimeout, d.tlsHandshakeTimeout),
        parse("http.requestHeaderTimeout", requestHeaderTimeout, d.requestHeaderTimeout),
        parse("http.idleTimeout", idleTimeout, d.idleTimeout),
        parse("http.requestBodyTimeout", requestBodyTimeout, d.requestBodyTimeout),
        or(requestBodyMinRate, d.requestBodyMinRate),
        parse("http.requestTimeout", requestTimeout, d.requestTimeout),
        or(maxRequestBodyBytes, d.maxRequestBodyBytes),
        or(maxHeaderBytes, d.maxHeaderBytes),
        or(maxRequestLineBytes, d.maxRequestLineBytes));
  }

  /** Authenticated connections that callers without ConfigureManager may hold at once. */
  public int maxOtherAuthenticatedConnections() {
    return maxConnections - maxUnauthenticatedConnections - reservedAdministratorConnections;
  }

  public HttpLimits withConnections(
      int max, int unauthenticated, int unauthenticatedPerAddress, int reserved) {
    return new HttpLimits(
        max,
        unauthenticated,
        unauthenticatedPerAddress,
        reserved,
        tlsHandshakeTimeout,
        requestHeaderTimeout,
        idleTimeout,
        requestBodyTimeout,
        requestBodyMinRate,
        requestTimeout,
        maxRequestBodyBytes,
        maxHeaderBytes,
        maxRequestLineBytes);
  }

  public HttpLimits withRequestHeaderTimeout(Duration value) {
    return new HttpLimits(
        maxConnections,
        maxUnauthenticatedConnections,
        maxUnauthenticatedConnectionsPerAddress,
        reservedAdministratorConnections,
        tlsHandshakeTimeout,
        value,
        idleTimeout,
        requestBodyTimeout,
        requestBodyMinRate,
        requestTimeout,
        maxRequestBodyBytes,
        maxHeaderBytes,
        maxRequestLineBytes);
  }

  public HttpLimits withIdleTimeout(Duration value) {
    return new HttpLimits(
        maxConnections,
        maxUnauthenticatedConnections,
        maxUnauthenticatedConnectionsPerAddress,
        reservedAdministratorConnections,
        tlsHandshakeTimeout,
        requestHeaderTimeout,
        value,
        requestBodyTimeout,
        requestBodyMinRate,
        requestTimeout,
        maxRequestBodyBytes,
        maxHeaderBytes,
        maxRequestLineBytes);
  }

  public HttpLimits withRequestBody(Duration timeout, int minRate) {
    return new HttpLimits(
        maxConnections,
        maxUnauthenticatedConnections,
        maxUnauthenticatedConnectionsPerAddress,
        reservedAdministratorConnections,
        tlsHandshakeTimeout,
        requestHeaderTimeout,
        idleTimeout,
        timeout,
        minRate,
        requestTimeout,
        maxRequestBodyBytes,
        maxHeaderBytes,
        maxRequestLineBytes);
  }

  public HttpLimits withTlsHandshakeTimeout(Duration value) {
    return new HttpLimits(
        maxConnections,
        maxUnauthenticatedConnections,
        maxUnauthenticatedConnectionsPerAddress,
        reservedAdministratorConnections,
        value,
        requestHeaderTimeout,
        idleTimeout,
        requestBodyTimeout,
        requestBodyMinRate,
        requestTimeout,
        maxRequestBodyBytes,
        maxHeaderBytes,
        maxRequestLineBytes);
  }

  private static int or(Integer value, int fallback) {
    return value != null ? value : fallback;
  }

  private static Duration parse(String key, String text, Duration fallback) {
    return text == null ? fallback : Durations.parse(key, text);
  }

  private static void range(String key, int value, int min, int max) {
    if (value < min || value > max) {
      throw ConfigException.at(
          key, key + " must lie between " + min + " and " + max + ", not " + value);
    }
  }

  private static void duration(String key, Duration value) {
    if (value == null) {
      throw ConfigException.at(key, key + " must be given");
    }
    Durations.requireWithin(key, value, Duration.ofSeconds(1), Duration.ofHours(1));
  }
}
