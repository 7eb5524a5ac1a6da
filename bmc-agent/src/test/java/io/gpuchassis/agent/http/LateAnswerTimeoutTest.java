package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.http.FailureHandler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request its handlers leave unanswered is failed with 503 after the timeout; one answered at
 * once or later within the timeout keeps its answer, and the connection serves the next request.
 */
class LateAnswerTimeoutTest {

  private static final Duration TIMEOUT = Duration.ofMillis(400);
  private final Vertx vertx = Vertx.vertx();
  private final HttpClient client =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final AtomicInteger expired = new AtomicInteger();
  private HttpServer server;

  @BeforeEach
  void listen() {
    Router router = Router.router(vertx);
    router
        .route()
        .handler(
            ctx -> {
              ctx.addEndHandler(
                  done -> {
                    if (ctx.statusCode() == 503) {
                      expired.incrementAndGet();
                    }
                  });
              ctx.next();
            });
    router.route().handler(new LateAnswerTimeout(TIMEOUT));
    router.get("/now").handler(ctx -> ctx.response().end("now"));
    router.get("/later").handler(ctx -> vertx.setTimer(100, id -> ctx.response().end("later")));
    router.get("/never").handler(ctx -> {});
    router.route().failureHandler(new FailureHandler());
    server =
        vertx
            .createHttpServer()
            .requestHandler(router)
            .listen(0, "127.0.0.1")
            .toCompletionStage()
            .toCompletableFuture()
            .join();
  }

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return client.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + path))
            .timeout(Duration.ofSeconds(60))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void an_unanswered_request_gets_503_after_the_timeout() throws Exception {
    long start = System.nanoTime();
    HttpResponse<String> response = get("/never");
    long tookMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(503, response.statusCode());
    assertTrue(response.headers().firstValue("Retry-After").isPresent(), "Retry-After");
    assertTrue(tookMillis >= TIMEOUT.toMillis(), "failed after " + tookMillis + " ms");
    assertEquals(200, get("/now").statusCode(), "the connection serves the next request");
  }

  @Test
  void answers_at_once_or_within_the_timeout_are_kept() throws Exception {
    HttpResponse<String> now = get("/now");
    assertEquals(200, now.statusCode());
    assertEquals("now", now.body());
    HttpResponse<String> later = get("/later");
    assertEquals(200, later.statusCode());
    assertEquals("later", later.body());
    Thread.sleep(TIMEOUT.toMillis() + 200);
    assertEquals(0, expired.get(), "no answer was replaced by a 503");
  }
}
