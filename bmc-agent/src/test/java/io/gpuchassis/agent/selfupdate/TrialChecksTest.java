package io.gpuchassis.agent.selfupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.agent.tls.HttpsCertificate;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.KeyCertOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Redfish served" asks the service root over HTTPS: a 200 passes, another status is named, and a
 * listener that never answers fails the round after the check's own timeout, so that the next round
 * asks again instead of the trial waiting for its deadline.
 */
class TrialChecksTest {

  @TempDir Path tlsDir;
  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  private int serving(Handler<HttpServerRequest> handler) {
    HttpsCertificate certificate =
        HttpsCertificate.load(Optional.empty(), tlsDir, Clock.systemUTC());
    HttpServer server =
        vertx
            .createHttpServer(
                new HttpServerOptions()
                    .setSsl(true)
                    .setKeyCertOptions(KeyCertOptions.wrap(certificate.keyManagers())))
            .requestHandler(handler)
            .listen(0, "127.0.0.1")
            .toCompletionStage()
            .toCompletableFuture()
            .join();
    return server.actualPort();
  }

  private Optional<String> check(int port, Duration answerWithin) throws Exception {
    return TrialChecks.redfish(vertx, "0.0.0.0", port, answerWithin)
        .run()
        .get()
        .get(60, TimeUnit.SECONDS);
  }

  @Test
  void a_service_root_that_answers_200_passes() throws Exception {
    int port = serving(request -> request.response().end("{}"));
    assertEquals(Optional.empty(), check(port, Duration.ofSeconds(30)));
  }

  @Test
  void another_status_is_named() throws Exception {
    int port = serving(request -> request.response().setStatusCode(503).end());
    assertEquals(Optional.of("the service root answered 503"), check(port, Duration.ofSeconds(30)));
  }

  @Test
  void a_listener_that_never_answers_fails_the_round_after_the_timeout() throws Exception {
    int port = serving(request -> {});
    assertEquals(Optional.of("no answer within 300 ms"), check(port, Duration.ofMillis(300)));
  }
}
