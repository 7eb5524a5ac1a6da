package io.gpuchassis.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A push subscriber for tests: a plain HTTP server that records every event POSTed to it, answering
 * after a delay.
 */
final class EventReceiver implements AutoCloseable {

  private final HttpServer server;
  private final boolean tls;
  private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

  private EventReceiver(HttpServer server, boolean tls) {
    this.server = server;
    this.tls = tls;
  }

  /**
   * Listens on a free loopback port; each POST is recorded at once and answered 204 after {@code
   * answerDelay}.
   */
  static EventReceiver start(Vertx vertx, Duration answerDelay) {
    return start(vertx, answerDelay, new io.vertx.core.http.HttpServerOptions());
  }

  /**
   * An HTTPS receiver presenting {@code certificate} (its chain must name 127.0.0.1), answering 204
   * at once.
   */
  static EventReceiver startHttps(
      Vertx vertx, io.gpuchassis.agent.tls.TestCertificates.Issued certificate) {
    return start(
        vertx,
        Duration.ZERO,
        new io.vertx.core.http.HttpServerOptions()
            .setSsl(true)
            .setKeyCertOptions(
                new io.vertx.core.net.PemKeyCertOptions()
                    .addCertValue(io.vertx.core.buffer.Buffer.buffer(certificate.certificatePem()))
                    .addKeyValue(io.vertx.core.buffer.Buffer.buffer(certificate.pkcs8KeyPem()))));
  }

  private static EventReceiver start(
      Vertx vertx, Duration answerDelay, io.vertx.core.http.HttpServerOptions options) {
    EventReceiver[] self = new EventReceiver[1];
    HttpServer server =
        vertx
            .createHttpServer(options)
            .requestHandler(
                request ->
                    request
                        .body()
                        .onSuccess(
                            body -> {
                              try {
                                self[0].received.add(AgentClient.JSON.readTree(body.getBytes()));
                              } catch (java.io.IOException e) {
                                request.response().setStatusCode(400).end();
                                return;
                              }
                              if (answerDelay.isZero()) {
                                request.response().setStatusCode(204).end();
                              } else {
                                vertx.setTimer(
                                    answerDelay.toMillis(),
                                    t -> request.response().setStatusCode(204).end());
                              }
                            }));
    self[0] = new EventReceiver(server, options.isSsl());
    server.listen(0, "127.0.0.1").await();
    return self[0];
  }

  String url() {
    return (tls ? "https" : "http") + "://127.0.0.1:" + server.actualPort() + "/events";
  }

  /** The next event received within {@code timeout}, or null. */
  JsonNode next(Duration timeout) throws InterruptedException {
    return received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  int count() {
    return received.size();
  }

  @Override
  public void close() {
    server.close().await();
  }
}
