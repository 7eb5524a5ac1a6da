package io.gpuchassis.agent.http;

import io.netty.handler.ssl.OpenSsl;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.SSLEngineOptions;

/**
 * Which library does the HTTPS server's TLS: BoringSSL (netty-tcnative, statically linked, shipped
 * for Linux x86_64 and aarch64) wherever its native library loads, the JDK's SSLEngine otherwise (a
 * 32-bit ARM board, or a temporary folder the service may not execute from). BoringSSL costs the
 * event loop about half of what the JDK's engine does per request (docs/PERFORMANCE.md); the policy
 * ({@link TlsPolicy}) is the same with either.
 */
enum TlsEngine {
  OPENSSL("BoringSSL through netty-tcnative"),
  JDK("the JDK's SSLEngine");

  private final String library;

  TlsEngine(String library) {
    this.library = library;
  }

  /**
   * BoringSSL when its native library loads here, else the JDK's engine. Netty's own switch, {@code
   * -Dio.netty.handler.ssl.noOpenSsl=true} in the agent's JVM options, forces the JDK's.
   */
  static TlsEngine available() {
    return OpenSSLEngineOptions.isAvailable() ? OPENSSL : JDK;
  }

  /** Why OpenSSL is not used, for the log; empty when it is available. */
  static String unavailability() {
    Throwable cause = OpenSsl.unavailabilityCause();
    return cause == null ? "" : String.valueOf(cause);
  }

  SSLEngineOptions options() {
    return switch (this) {
      case OPENSSL -> new OpenSSLEngineOptions();
      case JDK -> new JdkSSLEngineOptions();
    };
  }

  /** For the start-up log. */
  String describe() {
    return library;
  }
}
