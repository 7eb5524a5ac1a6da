package io.gpuchassis.agent.redfish.managers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.network.NetworkConfiguration;
import io.gpuchassis.agent.network.TimeSync;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The OS readings behind the Manager's network resources are made off the event loop and served
 * from memory.
 */
class ManagerOsStateTest {

  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  private static ManagerOsState.Snapshot snapshot(int n) {
    return new ManagerOsState.Snapshot(
        new NetworkConfiguration(List.of(), Optional.of("host" + n), Optional.empty(), List.of()),
        new TimeSync(List.of(), Optional.empty()),
        Optional.empty());
  }

  @Test
  void a_request_on_the_event_loop_reads_nothing_and_the_refresh_runs_on_a_worker()
      throws Exception {
    List<Boolean> onEventLoop = new CopyOnWriteArrayList<>();
    AtomicInteger reads = new AtomicInteger();
    ManagerOsState os =
        new ManagerOsState(
            () -> {
              onEventLoop.add(Context.isOnEventLoopThread());
              return snapshot(reads.incrementAndGet());
            },
            vertx,
            Duration.ofMillis(50));

    // What a GET does: read the state on the event loop, many times.
    CompletableFuture<ManagerOsState.Snapshot> seen = new CompletableFuture<>();
    vertx.runOnContext(
        v -> {
          int before = reads.get();
          ManagerOsState.Snapshot first = os.now();
          for (int i = 0; i < 100; i++) {
            os.now();
          }
          seen.complete(reads.get() == before ? first : null);
        });
    assertTrue(seen.get(10, TimeUnit.SECONDS) != null, "now() read the OS on the event loop");

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (reads.get() < 3 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(reads.get() >= 3, "the reading is refreshed");
    assertEquals(
        List.of(), onEventLoop.stream().filter(b -> b).toList(), "no reading ran on an event loop");
  }

  @Test
  void the_first_reading_is_there_at_once() {
    ManagerOsState.Snapshot first = snapshot(1);
    ManagerOsState os = new ManagerOsState(() -> first, vertx, Duration.ofHours(1));
    assertSame(first, os.now());
  }
}
