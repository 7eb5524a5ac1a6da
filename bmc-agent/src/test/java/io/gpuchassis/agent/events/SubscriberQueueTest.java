package io.gpuchassis.agent.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One subscriber's queue: order, bound, retries, and what happens when retries run out. */
class SubscriberQueueTest {

  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
  private final List<String> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger attempts = new AtomicInteger();
  private final AtomicInteger suspended = new AtomicInteger();
  private final AtomicInteger terminated = new AtomicInteger();

  private final SubscriberQueue.Exhaustion exhaustion =
      new SubscriberQueue.Exhaustion() {
        @Override
        public void suspend() {
          suspended.incrementAndGet();
        }

        @Override
        public void terminate() {
          terminated.incrementAndGet();
        }
      };

  @AfterEach
  void stop() {
    timers.shutdownNow();
  }

  private SubscriberQueue queue(
      RetryPolicy policy, EventSender sender, int attemptsAllowed, int capacity) {
    return new SubscriberQueue(
        "http://receiver/events",
        policy,
        sender,
        timers,
        () -> new SubscriberQueue.Retry(attemptsAllowed, Duration.ofMillis(10)),
        capacity,
        exhaustion);
  }

  private EventSender accepting() {
    return (destination, body) -> {
      attempts.incrementAndGet();
      received.add(body);
      return CompletableFuture.completedFuture(204);
    };
  }

  private EventSender refusing() {
    return (destination, body) -> {
      attempts.incrementAndGet();
      return CompletableFuture.failedFuture(new java.net.ConnectException("Connection refused"));
    };
  }

  @Test
  void an_answered_delivery_yields_the_receivers_answer_in_order_with_the_others()
      throws Exception {
    EventSender answering =
        new EventSender() {
          @Override
          public CompletableFuture<Integer> post(String destination, String body) {
            throw new AssertionError("the queue asks for the answer");
          }

          @Override
          public CompletableFuture<DeliveryAnswer> exchange(String destination, String body) {
            received.add(body);
            return CompletableFuture.completedFuture(new DeliveryAnswer(200, "re:" + body));
          }
        };
    SubscriberQueue q = queue(RetryPolicy.SuspendRetries, answering, 3, 10);
    q.offer("1");
    CompletableFuture<DeliveryAnswer> answer = q.offerAnswered("2");
    q.offer("3");

    assertEquals(new DeliveryAnswer(200, "re:2"), answer.get(5, TimeUnit.SECONDS));
    assertEquals(List.of("1", "2", "3"), received);
  }

  @Test
  void an_answered_delivery_fails_when_its_event_is_dropped() {
    CompletableFuture<Integer> never = new CompletableFuture<>();
    SubscriberQueue q = queue(RetryPolicy.SuspendRetries, (d, b) -> never, 3, 2);
    q.offer("in flight");
    CompletableFuture<DeliveryAnswer> dropped = q.offerAnswered("waiting");
    CompletableFuture<DeliveryAnswer> stopped = q.offerAnswered("last");

    assertTrue(dropped.isCompletedExceptionally(), "the full queue dropped it");
    assertTrue(!stopped.isDone());
    q.stop();
    assertTrue(stopped.isCompletedExceptionally(), "the stopped queue dropped it");
  }

  @Test
  void delivers_in_order() {
    SubscriberQueue q = queue(RetryPolicy.SuspendRetries, accepting(), 3, 10);
    q.offer("1");
    q.offer("2");
    q.offer("3");
    assertEquals(List.of("1", "2", "3"), received);
    assertEquals(0, q.waiting());
  }

  @Test
  void a_failed_delivery_is_retried_until_it_succeeds() throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    EventSender flaky =
        (destination, body) -> {
          int n = attempts.incrementAndGet();
          if (n < 3) {
            return CompletableFuture.completedFuture(503);
          }
          received.add(body);
          done.countDown();
          return CompletableFuture.completedFuture(200);
        };
    queue(RetryPolicy.SuspendRetries, flaky, 3, 10).offer("e");
    assertTrue(done.await(5, TimeUnit.SECONDS));
    assertEquals(List.of("e"), received);
    assertEquals(3, attempts.get());
    assertEquals(0, suspended.get());
  }

  @Test
  void suspend_retries_suspends_after_the_retries_and_drops_the_queue() throws Exception {
    SubscriberQueue q = queue(RetryPolicy.SuspendRetries, refusing(), 2, 10);
    q.offer("a");
    q.offer("b");
    waitFor(() -> suspended.get() == 1);
    assertEquals(3, attempts.get(), "one attempt and two retries");
    assertEquals(0, q.waiting());
    q.offer("c");
    Thread.sleep(100);
    assertEquals(3, attempts.get(), "a suspended queue sends nothing");
    assertEquals(0, terminated.get());
  }

  @Test
  void terminate_after_retries_terminates() throws Exception {
    queue(RetryPolicy.TerminateAfterRetries, refusing(), 1, 10).offer("a");
    waitFor(() -> terminated.get() == 1);
    assertEquals(2, attempts.get());
    assertEquals(0, suspended.get());
  }

  @Test
  void retry_forever_keeps_trying() throws Exception {
    queue(RetryPolicy.RetryForever, refusing(), 1, 10).offer("a");
    waitFor(() -> attempts.get() >= 6);
    assertEquals(0, suspended.get() + terminated.get());
  }

  @Test
  void a_full_queue_drops_its_oldest_waiting_event_not_the_one_in_flight() {
    CompletableFuture<Integer> firstAnswer = new CompletableFuture<>();
    EventSender slowFirst =
        (destination, body) -> {
          received.add(body);
          return body.equals("1") ? firstAnswer : CompletableFuture.completedFuture(200);
        };
    SubscriberQueue q = queue(RetryPolicy.SuspendRetries, slowFirst, 3, 3);
    for (String e : List.of("1", "2", "3", "4", "5")) {
      q.offer(e);
    }
    assertEquals(2, q.dropped());
    firstAnswer.complete(200);
    assertEquals(List.of("1", "4", "5"), received);
  }

  @Test
  void a_stopped_queue_does_not_retry() throws Exception {
    CompletableFuture<Integer> answer = new CompletableFuture<>();
    EventSender pending =
        (destination, body) -> {
          attempts.incrementAndGet();
          return answer;
        };
    SubscriberQueue q = queue(RetryPolicy.RetryForever, pending, 3, 10);
    q.offer("a");
    q.stop();
    answer.complete(500);
    Thread.sleep(100);
    assertEquals(1, attempts.get());
  }

  private static void waitFor(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 5 s");
      }
      Thread.sleep(5);
    }
  }
}
