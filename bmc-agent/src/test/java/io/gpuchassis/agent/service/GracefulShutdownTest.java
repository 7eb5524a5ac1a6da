package io.gpuchassis.agent.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.SlotBinding;
import io.gpuchassis.agent.compose.BindingEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GracefulShutdownTest {

  private final CompletableFuture<SlotBinding> bind = new CompletableFuture<>();
  private final CountDownLatch stoppedAccepting = new CountDownLatch(1);
  private final AtomicInteger closed = new AtomicInteger();
  private final AtomicInteger watchdogClosed = new AtomicInteger();

  private GracefulShutdown shutdown(List<BindingEngine.Operation> running, Duration deadline) {
    return new GracefulShutdown(
        () -> {
          stoppedAccepting.countDown();
          return running;
        },
        slot -> SlotBinding.unbound(slot, Instant.EPOCH),
        closed::incrementAndGet,
        SystemdNotifier.from(Map.of()),
        watchdogClosed::incrementAndGet,
        deadline);
  }

  private List<BindingEngine.Operation> oneBind() {
    return List.of(new BindingEngine.Operation(3, "the bind of slot 3 to Host1", bind));
  }

  @Test
  void the_agent_closes_once_the_operations_under_way_have_ended() throws Exception {
    GracefulShutdown shutdown = shutdown(oneBind(), Duration.ofSeconds(60));
    Thread stopping = new Thread(() -> shutdown.stop("SIGTERM"));
    stopping.start();
    assertTrue(stoppedAccepting.await(20, TimeUnit.SECONDS));
    assertEquals(0, closed.get(), "closed while the bind still runs");
    bind.complete(SlotBinding.unbound(3, Instant.EPOCH));
    stopping.join(20_000);
    assertEquals(1, closed.get());
    assertEquals(1, watchdogClosed.get());
  }

  @Test
  void a_second_request_waits_for_the_first_and_does_not_close_again() throws Exception {
    GracefulShutdown shutdown = shutdown(oneBind(), Duration.ofSeconds(60));
    Thread first = new Thread(() -> shutdown.stop("SIGTERM"));
    first.start();
    assertTrue(stoppedAccepting.await(20, TimeUnit.SECONDS));
    Thread second = new Thread(() -> shutdown.stop("SIGTERM"));
    second.start();
    second.join(300);
    assertTrue(second.isAlive(), "the second SIGTERM returned while the bind still ran");
    assertEquals(0, closed.get());
    bind.complete(SlotBinding.unbound(3, Instant.EPOCH));
    first.join(20_000);
    second.join(20_000);
    assertEquals(1, closed.get());
    shutdown.stop("JVM shutdown"); // the shutdown hook after System.exit: nothing left to do
    assertEquals(1, closed.get());
  }

  @Test
  void an_operation_that_outlives_the_deadline_is_left_to_the_next_start() {
    shutdown(oneBind(), Duration.ofMillis(100)).stop("SIGTERM");
    assertEquals(
        1, closed.get(), "the agent closes after the deadline even though the bind never ended");
  }

  @Test
  void with_nothing_under_way_it_closes_at_once() {
    shutdown(List.of(), Duration.ofSeconds(60)).stop("SIGINT");
    assertEquals(1, closed.get());
  }

  @Test
  void the_agent_closes_only_once_the_firmware_work_under_way_has_ended() throws Exception {
    java.util.Set<String> updating = java.util.concurrent.ConcurrentHashMap.newKeySet();
    updating.add("SW1");
    GracefulShutdown shutdown =
        new GracefulShutdown(
            () -> {
              stoppedAccepting.countDown();
              return List.of();
            },
            slot -> SlotBinding.unbound(slot, Instant.EPOCH),
            () -> java.util.Set.copyOf(updating),
            closed::incrementAndGet,
            SystemdNotifier.from(Map.of()),
            watchdogClosed::incrementAndGet,
            Duration.ofSeconds(60));
    Thread stopping = new Thread(() -> shutdown.stop("SIGTERM"));
    stopping.start();
    assertTrue(stoppedAccepting.await(20, TimeUnit.SECONDS));
    stopping.join(500);
    assertEquals(0, closed.get(), "closed while SW1's firmware is still being written");
    updating.clear();
    stopping.join(20_000);
    assertEquals(1, closed.get());
  }

  @Test
  void firmware_work_that_outlives_the_deadline_is_cut_short() {
    new GracefulShutdown(
            List::of,
            slot -> SlotBinding.unbound(slot, Instant.EPOCH),
            () -> java.util.Set.of("SW2"),
            closed::incrementAndGet,
            SystemdNotifier.from(Map.of()),
            watchdogClosed::incrementAndGet,
            Duration.ofMillis(100))
        .stop("SIGTERM");
    assertEquals(
        1, closed.get(), "the agent closes after the deadline even though the update never ended");
  }
}
