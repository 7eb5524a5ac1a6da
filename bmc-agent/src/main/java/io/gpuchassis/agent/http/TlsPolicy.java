package io.gpuchassis.agent.http;

import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.ServerSSLOptions;
import io.vertx.core.net.TrustOptions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;

/**
 * What the HTTPS server speaks: TLS 1.3, and TLS 1.2 with forward-secret AEAD suites only
 * (Mozilla's "intermediate" profile without its finite-field DHE: ECDHE with AES-GCM or
 * ChaCha20-Poly1305); no CBC suite, no static RSA key exchange; no client-initiated renegotiation.
 * The same policy applies when the certificate is replaced at run time.
 */
final class TlsPolicy {

  /**
   * The JDK reads this once, when its first server handshake begins; see {@link
   * #rejectClientRenegotiation()}.
   */
  static final String REJECT_RENEGOTIATION = "jdk.tls.rejectClientInitiatedRenegotiation";

  static final Set<String> PROTOCOLS = Set.of("TLSv1.2", "TLSv1.3");

  /** In order of preference, JDK names. */
  static final List<String> CIPHER_SUITES =
      List.of(
          "TLS_AES_128_GCM_SHA256",
          "TLS_AES_256_GCM_SHA384",
          "TLS_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

  /**
   * No client certificate is asked for or trusted; without a trust manager of its own the server's
   * TLS library would load the JDK's trust store at start ({@link NoClientCertificates}).
   */
  static final TrustOptions NO_CLIENT_CERTIFICATES =
      TrustOptions.wrap(NoClientCertificates.TRUST_MANAGER);

  private TlsPolicy() {}

  /**
   * For the JDK's engine (BoringSSL, {@link TlsEngine#OPENSSL}, never renegotiates as a server). A
   * client that renegotiates TLS 1.2 over and over makes the server pay for a handshake each time
   * without opening a connection, and renegotiation has a history of flaws; no client of this
   * service needs it. The JDK can refuse it only through this system property, read once when its
   * server handshake code is first loaded: it must be set before the first TLS connection is
   * accepted, which {@link RedfishServer}'s class initialisation guarantees (it is the agent's only
   * TLS server, and runs this before it creates its listener).
   */
  static void rejectClientRenegotiation() {
    System.setProperty(REJECT_RENEGOTIATION, "true");
  }

  /**
   * Applies the policy to the server's options at start, with the TLS library that runs it. A
   * replaced certificate keeps the library ({@link #sslOptions} carries none).
   */
  static HttpServerOptions apply(
      HttpServerOptions options,
      TlsEngine engine,
      KeyManagerFactory keys,
      Duration handshakeTimeout) {
    options
        .setSsl(true)
        .setSslEngineOptions(engine.options())
        .setKeyCertOptions(KeyCertOptions.wrap(keys))
        .setTrustOptions(NO_CLIENT_CERTIFICATES)
        .setEnabledSecureTransportProtocols(PROTOCOLS)
        .setSslHandshakeTimeout(handshakeTimeout.toMillis())
        .setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS);
    CIPHER_SUITES.forEach(options::addEnabledCipherSuite);
    return options;
  }

  /**
   * The options a running server takes with a replaced certificate: the same policy, the new keys.
   */
  static ServerSSLOptions sslOptions(KeyManagerFactory keys, Duration handshakeTimeout) {
    ServerSSLOptions options =
        new ServerSSLOptions()
            .setKeyCertOptions(KeyCertOptions.wrap(keys))
            .setTrustOptions(NO_CLIENT_CERTIFICATES)
            .setEnabledSecureTransportProtocols(PROTOCOLS)
            .setSslHandshakeTimeout(handshakeTimeout.toMillis())
            .setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS);
    CIPHER_SUITES.forEach(options::addEnabledCipherSuite);
    return options;
  }
}
