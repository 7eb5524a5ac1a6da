package io.gpuchassis.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The agent's event loops run on epoll wherever Netty ships its library. */
class EventLoopsTest {

  @Test
  void epoll_is_used_where_its_library_ships() {
    Assumptions.assumeTrue(
        System.getProperty("os.name").equals("Linux")
            && Set.of("amd64", "aarch64").contains(System.getProperty("os.arch")),
        "no epoll library for " + System.getProperty("os.arch"));
    Vertx vertx = EventLoops.create(new VertxOptions());
    try {
      assertTrue(
          vertx.isNativeTransportEnabled(),
          String.valueOf(vertx.unavailableNativeTransportCause()));
      assertEquals("epoll", EventLoops.describe(vertx));
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().join();
    }
  }
}
