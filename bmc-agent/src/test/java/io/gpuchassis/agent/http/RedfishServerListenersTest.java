package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.tls.TestCertificates;
import io.gpuchassis.agent.tls.TestCertificates.Issued;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several listeners share the HTTPS port, one per event loop, so that every core answers requests:
 * they share one socket (an ephemeral port included) and one TLS context, so a replaced certificate
 * is presented on every connection, whichever listener takes it.
 */
class RedfishServerListenersTest {

  private static final int LISTENERS = 3;

  @TempDir Path tlsDir;
  @TempDir Path otherTlsDir;
  private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(LISTENERS));

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void listeners_share_one_ephemeral_port_and_two_servers_get_two_ports() {
    RedfishServer first = listen(tlsDir);
    RedfishServer second = listen(otherTlsDir);

    assertNotEquals(0, first.port());
    assertNotEquals(first.port(), second.port());
  }

  @Test
  void each_listener_answers_on_an_event_loop_of_its_own() throws Exception {
    RedfishServer server = listen(tlsDir);
    Set<String> threads = new HashSet<>();
    for (io.vertx.core.Context loop : server.loops()) {
      java.util.concurrent.CompletableFuture<String> thread =
          new java.util.concurrent.CompletableFuture<>();
      loop.runOnContext(v -> thread.complete(Thread.currentThread().getName()));
      threads.add(thread.get(10, java.util.concurrent.TimeUnit.SECONDS));
    }
    assertEquals(LISTENERS, threads.size(), threads.toString());
  }

  @Test
  void a_replaced_certificate_is_presented_on_every_connection() throws Exception {
    HttpsCertificate certificate =
        HttpsCertificate.load(Optional.empty(), tlsDir, Clock.systemUTC());
    RedfishServer server =
        RedfishServer.listen(
            vertx, new ListenAddress("127.0.0.1", 0), HttpLimits.DEFAULT, certificate, LISTENERS);
    Issued next = TestCertificates.selfSigned("next.example", TestCertificates.ec());

    certificate.replace(next.certificatePem() + next.legacyKeyPem());

    // connections are handed to the listeners in turn: twice round, every one presents it
    Set<Certificate> presented = new HashSet<>();
    for (int i = 0; i < 2 * LISTENERS; i++) {
      presented.add(presentedLeaf(server.port()));
    }
    assertEquals(Set.of(next.certificate()), presented);
  }

  @Test
  void stopping_closes_the_open_connections_before_it_returns() throws Exception {
    RedfishServer server = listen(tlsDir);
    try (SSLSocket socket = connect(server.port())) {
      socket.setSoTimeout(10_000);
      var out = socket.getOutputStream();
      out.write(
          "GET /redfish/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
              .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      out.flush();
      var in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream()));
      assertEquals("HTTP/1.1 503 Service Unavailable", in.readLine());
      int length = 0;
      for (String line = in.readLine(); !line.isEmpty(); line = in.readLine()) {
        if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring(15).trim());
        }
      }
      in.skip(length);

      server.stopListening();

      // the connection is closed by now: a request sent on it is not answered
      int answer;
      try {
        out.write(
            "GET /redfish/v1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.flush();
        answer = in.read();
      } catch (java.io.IOException closed) {
        answer = -1;
      }
      assertEquals(-1, answer, "the kept-alive connection is closed");
    }
  }

  private RedfishServer listen(Path dir) {
    return RedfishServer.listen(
        vertx,
        new ListenAddress("127.0.0.1", 0),
        HttpLimits.DEFAULT,
        HttpsCertificate.load(Optional.empty(), dir, Clock.systemUTC()),
        LISTENERS);
  }

  private static Certificate presentedLeaf(int port) throws Exception {
    try (SSLSocket socket = connect(port)) {
      return socket.getSession().getPeerCertificates()[0];
    }
  }

  private static SSLSocket connect(int port) throws Exception {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, new TrustManager[] {new AcceptingAny()}, null);
    SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
    socket.startHandshake();
    return socket;
  }

  /** Only to read which certificate the server presents. */
  private static final class AcceptingAny implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
