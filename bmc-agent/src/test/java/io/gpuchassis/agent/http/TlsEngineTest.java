package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.tls.HttpsCertificate;
import io.vertx.core.Vertx;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's TLS is BoringSSL wherever netty-tcnative ships a library (Linux x86_64 and aarch64),
 * and the engine the options name is the one that serves the connection, with the same policy.
 */
class TlsEngineTest {

  @TempDir Path tlsDir;
  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void boringssl_is_chosen_where_its_library_ships() {
    Assumptions.assumeTrue(
        System.getProperty("os.name").equals("Linux")
            && Set.of("amd64", "aarch64").contains(System.getProperty("os.arch")),
        "netty-tcnative ships no library for " + System.getProperty("os.arch"));
    assertEquals(TlsEngine.OPENSSL, TlsEngine.available(), TlsEngine.unavailability());
  }

  @Test
  void a_connection_is_served_by_boringssl_when_it_is_chosen() throws Exception {
    Assumptions.assumeTrue(TlsEngine.available() == TlsEngine.OPENSSL, "BoringSSL does not load");
    String session = servedSession(TlsEngine.OPENSSL);
    assertTrue(session.startsWith("io.netty.handler.ssl.") && session.contains("OpenSsl"), session);
  }

  @Test
  void a_connection_is_served_by_the_jdk_when_it_is_chosen() throws Exception {
    String session = servedSession(TlsEngine.JDK);
    assertTrue(session.startsWith("sun.security.ssl."), session);
  }

  /**
   * The server brings its own trust manager, so that its TLS library does not load the JDK's 144
   * certificate authorities at start: it asks for no client certificate and trusts none, on start
   * and with a replaced certificate.
   */
  @Test
  void the_server_asks_for_no_client_certificate_and_trusts_none() throws Exception {
    HttpsCertificate certificate =
        HttpsCertificate.load(Optional.empty(), tlsDir, Clock.systemUTC());
    HttpServerOptions options =
        TlsPolicy.apply(
            new HttpServerOptions(),
            TlsEngine.available(),
            certificate.keyManagers(),
            Duration.ofSeconds(10));
    assertEquals(ClientAuth.NONE, options.getClientAuth());
    X509Certificate[] chain = {certificate.current().leaf()};
    for (var trust :
        java.util.List.of(
            options.getTrustOptions(),
            TlsPolicy.sslOptions(certificate.keyManagers(), Duration.ofSeconds(10))
                .getTrustOptions())) {
      TrustManager[] managers = trust.getTrustManagerFactory(vertx).getTrustManagers();
      assertEquals(1, managers.length);
      X509TrustManager manager = (X509TrustManager) managers[0];
      assertEquals(0, manager.getAcceptedIssuers().length);
      // even the server's own certificate, offered as a client's, is refused
      assertThrows(
          CertificateException.class, () -> manager.checkClientTrusted(chain, "ECDHE_ECDSA"));
    }
  }

  /** The class of the session the server saw, after checking the protocol and suite agreed. */
  private String servedSession(TlsEngine engine) throws Exception {
    HttpsCertificate certificate =
        HttpsCertificate.load(Optional.empty(), tlsDir, Clock.systemUTC());
    HttpServerOptions options =
        TlsPolicy.apply(
            new HttpServerOptions(), engine, certificate.keyManagers(), Duration.ofSeconds(10));
    HttpServer server =
        vertx
            .createHttpServer(options)
            .requestHandler(
                request -> {
                  SSLSession session = request.sslSession();
                  request
                      .response()
                      .end(
                          session.getProtocol()
                              + " "
                              + session.getCipherSuite()
                              + " "
                              + session.getClass().getName());
                })
            .listen(0, "127.0.0.1")
            .toCompletionStage()
            .toCompletableFuture()
            .join();
    HttpClient client =
        HttpClient.newBuilder()
            .sslContext(RedfishServerStartingTest.trusting(tlsDir.resolve("https-cert.pem")))
            .build();
    String[] answer =
        client
            .send(
                HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.actualPort() + "/"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body()
            .split(" ");
    assertEquals("TLSv1.3", answer[0]);
    // BoringSSL takes the client's order of the TLS 1.3 suites, the JDK the server's: either way
    // one
    // of the policy's
    assertTrue(TlsPolicy.CIPHER_SUITES.contains(answer[1]), answer[1]);
    return answer[2];
  }
}
