package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.agent.config.HttpLimits;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.vertx.core.Vertx;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Clock;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server listens before the agent has read its chassis: until it serves the Redfish routes,
 * every request, the service root included, is answered 503 ServiceTemporarilyUnavailable with
 * Retry-After, so a client polling at start learns the service is coming and sees no partial
 * chassis.
 */
class RedfishServerStartingTest {

  @TempDir Path tlsDir;
  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void while_starting_every_request_is_answered_503_with_retry_after() throws Exception {
    HttpsCertificate certificate =
        HttpsCertificate.load(Optional.empty(), tlsDir, Clock.systemUTC());
    RedfishServer server =
        RedfishServer.listen(
            vertx, new ListenAddress("127.0.0.1", 0), HttpLimits.DEFAULT, certificate);
    HttpClient client =
        HttpClient.newBuilder().sslContext(trusting(tlsDir.resolve("https-cert.pem"))).build();
    for (String path : new String[] {"/redfish/v1/", "/redfish/v1/Chassis/GPUChassis"}) {
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + path))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(503, response.statusCode(), path);
      assertEquals(Optional.of("1"), response.headers().firstValue("Retry-After"), path);
      JsonNode body = new ObjectMapper().readTree(response.body());
      String messageId =
          body.path("error").path("@Message.ExtendedInfo").path(0).path("MessageId").asText();
      assertTrue(messageId.endsWith(".ServiceTemporarilyUnavailable"), messageId);
    }
    assertTrue(server.routes().isEmpty(), "no route is served yet");
  }

  static SSLContext trusting(Path pem) throws Exception {
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream in = Files.newInputStream(pem)) {
      trust.setCertificateEntry(
          "agent", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, tmf.getTrustManagers(), null);
    return context;
  }
}
