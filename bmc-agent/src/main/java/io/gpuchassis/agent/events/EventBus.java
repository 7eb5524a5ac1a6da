package io.gpuchassis.agent.events;

import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the agent raises events. {@link #publish} never blocks its caller (it may be an event
 * loop): one thread of its own writes each event to the {@link EventLog} and then hands it to the
 * listeners (SSE streams, subscriber queues), in publication order. Listeners must not block; they
 * queue or hand the event to their own thread.
 */
public final class EventBus implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EventBus.class);

  private final EventLog log;
  private final ExecutorService publisher =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "event-publisher");
            t.setDaemon(true);
            return t;
          });
  private final List<Consumer<PublishedEvent>> listeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<PublishedReport>> reportListeners = new CopyOnWriteArrayList<>();

  public EventBus(EventLog log) {
    this.log = log;
  }

  /**
   * Raises an event: {@code message} (a registry message with its arguments, e.g. {@code
   * ResourceEventMessages.RESOURCE_STATUS_CHANGED_WARNING.with("Slot3", "Warning")}) about the
   * resource at {@code originOfConditionUri} (may be null when the event is about no resource). The
   * future completes once the event is in the log and has been handed to every listener.
   */
  public CompletableFuture<PublishedEvent> publish(
      MessageInstance message, String originOfConditionUri) {
    Optional<String> origin = Optional.ofNullable(originOfConditionUri);
    return CompletableFuture.supplyAsync(
        () -> {
          PublishedEvent event = log.append(message, origin);
          for (Consumer<PublishedEvent> listener : listeners) {
            try {
              listener.accept(event);
            } catch (RuntimeException e) {
              // One broken listener must not keep the event from the others.
              LOG.error("event listener failed on event {}", event.id(), e);
            }
          }
          return event;
        },
        publisher);
  }

  /**
   * Records an event in the log without handing it to any listener, on the publisher's thread in
   * order with the others: an event addressed to one receiver (a Sunfish core's registration),
   * which the caller delivers itself ({@link Subscriptions#sendTo}).
   */
  public CompletableFuture<PublishedEvent> record(
      MessageInstance message, String originOfConditionUri) {
    Optional<String> origin = Optional.ofNullable(originOfConditionUri);
    return CompletableFuture.supplyAsync(() -> log.append(message, origin), publisher);
  }

  /**
   * Hands a metric report to the listeners of reports (subscriptions and streams with
   * EventFormatType MetricReport), on the publisher's thread, in order with the events. Reports are
   * not written to the EventLog: the TelemetryService keeps them.
   */
  public CompletableFuture<Void> publishReport(PublishedReport report) {
    return CompletableFuture.runAsync(
        () -> {
          for (Consumer<PublishedReport> listener : reportListeners) {
            try {
              listener.accept(report);
            } catch (RuntimeException e) {
              LOG.error("metric report listener failed on {}", report.facts(), e);
            }
          }
        },
        publisher);
  }

  /** Calls {@code listener} with every metric report from now on; the handle removes it again. */
  public Runnable listenReports(Consumer<PublishedReport> listener) {
    reportListeners.add(listener);
    return () -> reportListeners.remove(listener);
  }

  /**
   * Runs {@code work} on the publisher's thread, between two events: every event published before
   * it is in the log, and every event published after it reaches the listeners afterwards. Lets a
   * new listener catch up from the log without missing or repeating an event.
   */
  public CompletableFuture<Void> betweenEvents(Runnable work) {
    return CompletableFuture.runAsync(work, publisher);
  }

  /**
   * Calls {@code listener} with every event published from now on; the returned handle removes it
   * again.
   */
  public Runnable listen(Consumer<PublishedEvent> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  public EventLog log() {
    return log;
  }

  @Override
  public void close() {
    publisher.shutdown();
    try {
      publisher.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
