package io.gpuchassis.agent.events;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The events waiting for one push subscriber, delivered one at a time and in order. Each subscriber
 * has its own queue, and the sender is asynchronous, so a slow or dead subscriber holds up nobody
 * else. The queue is bounded: when it is full the oldest waiting event is dropped. A failed
 * delivery is retried {@code retryAttempts} times, {@code retryInterval} apart; then the
 * subscription's {@link RetryPolicy} decides, and {@link Exhaustion} is told.
 */
final class SubscriberQueue {

  private static final Logger LOG = LoggerFactory.getLogger(SubscriberQueue.class);

  /** What to do with a subscription whose retries ran out. */
  interface Exhaustion {
    void suspend();

    void terminate();
  }

  /**
   * Retry settings read at every failure, so a PATCH of the EventService applies to waiting
   * deliveries.
   */
  record Retry(int attempts, Duration interval) {}

  private final String destination;
  private final RetryPolicy policy;
  private final EventSender sender;
  private final ScheduledExecutorService timers;
  private final Supplier<Retry> retry;
  private final int capacity;
  private final Exhaustion exhaustion;

  /**
   * One body waiting, and who waits for the receiver's answer to it (completed when it is
   * delivered, failed when it is dropped), if anyone.
   */
  private record Waiting(String body, CompletableFuture<DeliveryAnswer> answered) {
    void dropped(String why) {
      if (answered != null) {
        answered.completeExceptionally(new IllegalStateException(why));
      }
    }
  }

  private final Deque<Waiting> waiting = new ArrayDeque<>();
  private boolean sending;
  private boolean stopped;
  private int failures;
  private long dropped;
  private long delivered;
  private long retried;

  SubscriberQueue(
      String destination,
      RetryPolicy policy,
      EventSender sender,
      ScheduledExecutorService timers,
      Supplier<Retry> retry,
      int capacity,
      Exhaustion exhaustion) {
    this.destination = destination;
    this.policy = policy;
    this.sender = sender;
    this.timers = timers;
    this.retry = retry;
    if (capacity < 2) {
      throw new IllegalArgumentException("a subscriber queue holds at least 2 events: " + capacity);
    }
    this.capacity = capacity;
    this.exhaustion = exhaustion;
  }

  /** Queues {@code body} for delivery; returns at once. */
  void offer(String body) {
    offer(new Waiting(body, null));
  }

  /**
   * Queues {@code body} for delivery, in order with the others; the answer completes with what the
   * receiver answered once it took the body, or fails when the body is dropped (a full queue, the
   * queue stopped, the retries given up).
   */
  CompletableFuture<DeliveryAnswer> offerAnswered(String body) {
    CompletableFuture<DeliveryAnswer> answered = new CompletableFuture<>();
    offer(new Waiting(body, answered));
    return answered;
  }

  private void offer(Waiting item) {
    Waiting lost = null;
    synchronized (this) {
      if (stopped) {
        lost = item;
      } else {
        if (waiting.size() == capacity) {
          // The head may be in flight; drop the oldest event that is only waiting.
          Waiting head = sending ? waiting.pollFirst() : null;
          lost = waiting.pollFirst();
          if (head != null) {
            waiting.addFirst(head);
          }
          dropped++;
        }
        waiting.addLast(item);
      }
    }
    if (lost != null) {
      lost.dropped("the subscriber's queue dropped it");
    }
    sendNext();
  }

  synchronized int waiting() {
    return waiting.size();
  }

  synchronized long dropped() {
    return dropped;
  }

  /** Its figures so far, for the metrics. */
  synchronized DeliveryStats stats(String subscriptionId) {
    return new DeliveryStats(subscriptionId, waiting.size(), delivered, retried, dropped);
  }

  /**
   * Stops delivering: queued events are dropped, an attempt in flight finishes but is not retried.
   */
  void stop() {
    List<Waiting> lost;
    synchronized (this) {
      stopped = true;
      lost = List.copyOf(waiting);
      waiting.clear();
    }
    lost.forEach(w -> w.dropped("the subscriber's deliveries stopped"));
  }

  private void sendNext() {
    Waiting body;
    synchronized (this) {
      if (stopped || sending || waiting.isEmpty()) {
        return;
      }
      sending = true;
      body = waiting.peekFirst();
    }
    attempt(body);
  }

  private void attempt(Waiting body) {
    java.util.concurrent.CompletionStage<DeliveryAnswer> answer;
    try {
      answer = sender.exchange(destination, body.body());
    } catch (RuntimeException e) {
      // A sender that throws instead of failing its answer must not leave the queue waiting
      // forever.
      answer = CompletableFuture.failedFuture(e);
    }
    answer.whenComplete(
        (reply, error) -> {
          if (error == null && reply.delivered()) {
            delivered(body, reply);
          } else {
            failed(body, error != null ? error.toString() : "HTTP " + reply.status());
          }
        });
  }

  private void delivered(Waiting body, DeliveryAnswer reply) {
    synchronized (this) {
      failures = 0;
      waiting.pollFirst();
      sending = false;
      delivered++;
    }
    if (body.answered() != null) {
      body.answered().complete(reply);
    }
    sendNext();
  }

  private void failed(Waiting body, String why) {
    Retry settings = retry.get();
    Duration wait;
    boolean exhausted;
    List<Waiting> lost = List.of();
    synchronized (this) {
      if (stopped) {
        sending = false;
        return;
      }
      failures++;
      boolean retriesLeft = failures <= settings.attempts();
      exhausted =
          !retriesLeft
              && (policy == RetryPolicy.SuspendRetries
                  || policy == RetryPolicy.TerminateAfterRetries);
      if (exhausted) {
        stopped = true;
        sending = false;
        lost = List.copyOf(waiting);
        waiting.clear();
      }
      wait = backoff(settings.interval());
    }
    if (exhausted) {
      lost.forEach(w -> w.dropped("the subscriber's retries ran out"));
      LOG.warn(
          "event delivery to {} failed {} times ({}); subscription {}",
          destination,
          failures,
          why,
          policy == RetryPolicy.SuspendRetries ? "suspended" : "terminated");
      if (policy == RetryPolicy.SuspendRetries) {
        exhaustion.suspend();
      } else {
        exhaustion.terminate();
      }
      return;
    }
    synchronized (this) {
      retried++;
    }
    LOG.info("event delivery to {} failed ({}); retrying in {}", destination, why, wait);
    timers.schedule(() -> retry(body), wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void retry(Waiting body) {
    synchronized (this) {
      if (stopped) {
        sending = false;
        return;
      }
    }
    attempt(body);
  }

  private Duration backoff(Duration interval) {
    if (policy != RetryPolicy.RetryForeverWithBackoff) {
      return interval;
    }
    int doublings = Math.min(failures - 1, 4);
    return interval.multipliedBy(
        Math.min(1L << Math.max(doublings, 0), RetryPolicy.MAX_BACKOFF_FACTOR));
  }
}
