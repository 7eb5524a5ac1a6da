package io.gpuchassis.agent.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A loop that runs a task in time passes; a blocked one is reported, and says so. */
class EventLoopCheckTest {

  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void a_running_loop_passes_and_a_blocked_one_is_reported() throws Exception {
    Context loop = vertx.getOrCreateContext();
    EventLoopCheck check = new EventLoopCheck(loop, Duration.ofSeconds(10));
    assertEquals(Optional.empty(), check.problem());

    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch blocked = new CountDownLatch(1);
    loop.runOnContext(
        v -> {
          blocked.countDown();
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    blocked.await();
    try {
      Optional<String> problem = new EventLoopCheck(loop, Duration.ofMillis(200)).problem();
      assertTrue(problem.orElse("").contains("blocked"), problem.toString());
    } finally {
      release.countDown();
    }
  }
}
