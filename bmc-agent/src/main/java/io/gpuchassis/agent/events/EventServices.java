package io.gpuchassis.agent.events;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;

/**
 * The event machinery the agent assembles once: the log, the bus that writes it, the EventService settings, and the
 * push subscriptions with their delivery. {@link #close} stops delivery; events already queued are dropped.
 */
public final class EventServices implements AutoCloseable {

  /** How long a push receiver may take to answer before the delivery counts as failed. */
  public static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(10);

  private final EventBus bus;
  private final EventServiceSettings settings;
  private final Subscriptions subscriptions;
  private final HttpEventSender sender;

  private EventServices(
      EventBus bus, EventServiceSettings settings, Subscriptions subscriptions, HttpEventSender sender) {
    this.bus = bus;
    this.settings = settings;
    this.subscriptions = subscriptions;
    this.sender = sender;
  }

  /** Loads the log, settings and subscriptions from {@code store} and starts delivering. Blocking. */
  public static EventServices start(AgentStore store, Vertx vertx, Clock clock, Subscriptions.Bodies bodies) {
    EventBus bus = new EventBus(new EventLog(store, clock, EventLog.DEFAULT_MAX_ENTRIES));
    EventServiceSettings settings = new EventServiceSettings(new Settings(store));
    HttpEventSender sender = new HttpEventSender(vertx, DELIVERY_TIMEOUT);
    Subscriptions subscriptions =
        new Subscriptions(
            new SubscriptionStore(store), bus, sender, settings, bodies, clock, Subscriptions.QUEUE_CAPACITY);
    return new EventServices(bus, settings, subscriptions, sender);
  }

  /** Where the agent raises events. */
  public EventBus bus() {
    return bus;
  }

  public EventLog log() {
    return bus.log();
  }

  public EventServiceSettings settings() {
    return settings;
  }

  public Subscriptions subscriptions() {
    return subscriptions;
  }

  @Override
  public void close() {
    subscriptions.close();
    bus.close();
    sender.close();
  }
}
