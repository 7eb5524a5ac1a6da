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
  private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

  private EventReceiver(HttpServer server) {
    this.server = server;
  }

  /**
   * Listens on a free loopback port; each POST is recorded at once and answered 204 after {@code
   * answerDelay}.
   */
  static EventReceiver start(Vertx vertx, Duration answerDelay) {
    EventReceiver[] self = new EventReceiver[1];
    HttpServer server =
        vertx
            .createHttpServer()
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
    self[0] = new EventReceiver(server);
    server.listen(0, "127.0.0.1").await();
    return self[0];
  }

  String url() {
    return "http://127.0.0.1:" + server.actualPort() + "/events";
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
