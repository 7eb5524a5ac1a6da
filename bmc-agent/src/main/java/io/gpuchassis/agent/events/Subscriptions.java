package io.gpuchassis.agent.events;

import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.redfish.event.EventSelection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The push subscriptions and their delivery. Each subscription that is not suspended has its own
 * {@link SubscriberQueue}; published events are rendered for each matching subscriber (the body
 * carries its Context) and queued. Changes are written to the store first, then applied in memory.
 * The mutating methods block (database).
 */
public final class Subscriptions implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Subscriptions.class);

  /** Events waiting per subscriber before the oldest is dropped. */
  public static final int QUEUE_CAPACITY = 100;

  /** Renders the body POSTed to a subscriber for an event. */
  @FunctionalInterface
  public interface Bodies {
    String render(PublishedEvent event, Subscription subscription);
  }

  /** Opens the sender of a syslog subscription (its own connection and thread). */
  @FunctionalInterface
  interface SyslogSenders {
    SyslogSender open(Subscription subscription);
  }

  private final SubscriptionStore store;
  private final EventSender sender;
  private final SyslogSenders syslogSenders;
  private final Map<String, SyslogSender> syslogOpen = new HashMap<>();
  private final DestinationTrust trust;
  private final Map<String, HttpEventSender.Trusting> trustedOpen = new HashMap<>();
  private final String hostName = SyslogForwarding.localHostName();
  private final EventServiceSettings settings;
  private final Bodies bodies;
  private final Clock clock;
  private final int queueCapacity;
  // Retry timers, and the store writes of suspensions and terminations (never on the sender's event
  // loop).
  private final ScheduledExecutorService timers =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "event-delivery");
            t.setDaemon(true);
            return t;
          });
  private final Map<String, Subscription> byId = new LinkedHashMap<>();
  private final Map<String, SubscriberQueue> queues = new HashMap<>();
  private final Runnable stopListening;
  private final Runnable stopListeningReports;

  /**
   * Each subscription costs a queue and connections on a small board: how many, and how many per
   * account.
   */
  private volatile AccountQuota quota = quotaOf(OutboundPolicy.DEFAULT);

  /**
   * The CA certificates a push subscription's HTTPS destination must present a chain to
   * (EventDestination.Certificates); none: the JVM's default authorities.
   */
  public interface DestinationTrust {
    List<java.security.cert.X509Certificate> authorities(String subscriptionId);

    /** The subscription is gone, and its certificates with it (the store deletes them too). */
    default void forget(String subscriptionId) {}
  }

  public Subscriptions(
      SubscriptionStore store,
      EventBus bus,
      EventSender sender,
      EventServiceSettings settings,
      Bodies bodies,
      Clock clock,
      int queueCapacity) {
    this(
        store,
        bus,
        sender,
        subscription -> {
          throw new IllegalStateException("this service sends no syslog");
        },
        id -> List.of(),
        settings,
        bodies,
        clock,
        queueCapacity);
  }

  Subscriptions(
      SubscriptionStore store,
      EventBus bus,
      EventSender sender,
      SyslogSenders syslogSenders,
      DestinationTrust trust,
      EventServiceSettings settings,
      Bodies bodies,
      Clock clock,
      int queueCapacity) {
    this.store = store;
    this.sender = sender;
    this.syslogSenders = syslogSenders;
    this.trust = trust;
    this.settings = settings;
    this.bodies = bodies;
    this.clock = clock;
    this.queueCapacity = queueCapacity;
    synchronized (this) {
      for (Subscription s : store.all()) {
        byId.put(s.id(), s);
        startQueue(s);
      }
    }
    this.stopListening = bus.listen(this::deliver);
    this.stopListeningReports = bus.listenReports(this::deliver);
  }

  public synchronized List<Subscription> all() {
    return List.copyOf(byId.values());
  }

  public synchronized Optional<Subscription> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  /**
   * The quota of {@code policy}: its subscription limits in all, per account, and kept for
   * managers.
   */
  public static AccountQuota quotaOf(OutboundPolicy policy) {
    return new AccountQuota(
        "event subscriptions",
        policy.maxSubscriptions(),
        policy.subscriptionsPerAccount(),
        policy.subscriptionsReservedForManagers());
  }

  /** Limits creation from now on; subscriptions that exist stay. */
  public void limit(AccountQuota newQuota) {
    this.quota = newQuota;
  }

  /**
   * Creates a subscription for {@code owner}; {@code manager} says whether the caller has
   * ConfigureManager.
   *
   * @throws QuotaExceeded when the quota leaves the caller no subscription; nothing is created then
   */
  public Subscription create(
      String destination,
      String context,
      EventSelection selection,
      RetryPolicy policy,
      String owner,
      boolean manager) {
    return create(destination, context, selection, policy, owner, manager, Optional.empty(), false);
  }

  /**
   * As above; with {@code syslog}, a syslog subscription (Protocol Syslog*); with {@code
   * includeOrigin}, one whose events carry the resource their OriginOfCondition names.
   */
  public synchronized Subscription create(
      String destination,
      String context,
      EventSelection selection,
      RetryPolicy policy,
      String owner,
      boolean manager,
      Optional<SyslogTarget> syslog,
      boolean includeOrigin) {
    long mine = byId.values().stream().filter(s -> s.owner().equals(owner)).count();
    quota
        .refusal(byId.size(), mine, manager)
        .ifPresent(
            why -> {
              throw new QuotaExceeded(why);
            });
    Subscription s =
        new Subscription(
            UUID.randomUUID().toString(),
            destination,
            context,
            selection,
            policy,
            false,
            owner,
            clock.instant(),
            syslog,
            includeOrigin);
    store.save(s);
    byId.put(s.id(), s);
    startQueue(s);
    return s;
  }

  /**
   * Puts {@code s} in place of whatever subscription has its id, or adds it: a subscription the
   * agent's configuration owns (a Sunfish core's event destination), so no quota applies. Its
   * deliveries start afresh; events waiting for the one it replaces are dropped.
   */
  public synchronized Subscription configure(Subscription s) {
    store.save(s);
    stopQueue(s.id());
    byId.put(s.id(), s);
    startQueue(s);
    return s;
  }

  /**
   * Queues {@code event} for subscription {@code id} alone, in order with its other events, with
   * its Context as it is now. The answer completes with what the receiver answered once it took the
   * event, and fails when the subscription has no deliveries (suspended, deleted) or drops the
   * event. Does not block.
   */
  public java.util.concurrent.CompletableFuture<DeliveryAnswer> sendTo(
      String id, PublishedEvent event) {
    Subscription s;
    SubscriberQueue q;
    synchronized (this) {
      s = byId.get(id);
      q = queues.get(id);
    }
    if (s == null || q == null || s.syslog().isPresent()) {
      return java.util.concurrent.CompletableFuture.failedFuture(
          new IllegalStateException("subscription " + id + " delivers nothing now"));
    }
    return q.offerAnswered(bodies.render(event, s));
  }

  /** Applies {@code change} to the subscription {@code id}; empty when there is none. */
  public synchronized Optional<Subscription> update(String id, UnaryOperator<Subscription> change) {
    Subscription before = byId.get(id);
    if (before == null) {
      return Optional.empty();
    }
    Subscription after = change.apply(before);
    store.save(after);
    byId.put(id, after);
    if (after.suspended() != before.suspended() || after.retryPolicy() != before.retryPolicy()) {
      stopQueue(id);
      startQueue(after);
    }
    return Optional.of(after);
  }

  public synchronized boolean delete(String id) {
    if (byId.remove(id) == null) {
      return false;
    }
    store.delete(id);
    stopQueue(id);
    trust.forget(id);
    return true;
  }

  /**
   * Queues {@code event} for every subscriber whose filters select it. Called on the event
   * publisher's thread.
   */
  void deliver(PublishedEvent event) {
    for (Map.Entry<Subscription, SubscriberQueue> t :
        targets(s -> s.selection().matches(event.facts()))) {
      Optional<SyslogTarget> syslog = t.getKey().syslog();
      if (syslog.isEmpty()) {
        t.getValue().offer(bodies.render(event, t.getKey()));
      } else {
        SyslogMessage message = SyslogMessage.of(event, SyslogTarget.FACILITY, hostName);
        if (syslog.get().admits(message)) {
          t.getValue().offer(message.format());
        }
      }
    }
  }

  /**
   * Queues a security-log entry (a syslog message of facility Authpriv) for every syslog
   * subscription whose filter admits it. The security log is what any caller with Login reads, so a
   * syslog subscription carries it as the configured collector does; {@code LogFacilities} without
   * {@code Authpriv} leaves it out. Must not block.
   */
  public void deliverSecurityEntry(SyslogMessage entry) {
    String formatted = entry.format();
    for (Map.Entry<Subscription, SubscriberQueue> t :
        targets(s -> s.syslog().map(target -> target.admits(entry)).orElse(false))) {
      t.getValue().offer(formatted);
    }
  }

  /** The host name a syslog subscription's messages carry. */
  public String hostName() {
    return hostName;
  }

  /**
   * Queues a metric report for every push subscriber of metric reports whose definitions select it,
   * with the subscriber's Context. Called on the event publisher's thread.
   */
  void deliver(PublishedReport report) {
    for (Map.Entry<Subscription, SubscriberQueue> t :
        targets(s -> s.syslog().isEmpty() && s.selection().matches(report.facts()))) {
      t.getValue().offer(report.json().apply(t.getKey().context()));
    }
  }

  /**
   * The subscriptions {@code wanted} selects that are delivering (not suspended), with their
   * queues; none while the EventService is disabled. The queues are offered to outside the lock.
   */
  private List<Map.Entry<Subscription, SubscriberQueue>> targets(
      java.util.function.Predicate<Subscription> wanted) {
    if (!settings.current().serviceEnabled()) {
      return List.of();
    }
    List<Map.Entry<Subscription, SubscriberQueue>> targets = new ArrayList<>();
    synchronized (this) {
      for (Subscription s : byId.values()) {
        SubscriberQueue q = queues.get(s.id());
        if (q != null && wanted.test(s)) {
          targets.add(Map.entry(s, q));
        }
      }
    }
    return targets;
  }

  /**
   * Every push subscription's delivery figures, counted since its queue last started (its creation,
   * a change, the agent's start); a suspended one shows nothing waiting.
   */
  public synchronized List<DeliveryStats> deliveries() {
    List<DeliveryStats> all = new ArrayList<>();
    for (Subscription s : byId.values()) {
      SubscriberQueue q = queues.get(s.id());
      all.add(q == null ? new DeliveryStats(s.id(), 0, 0, 0, 0) : q.stats(s.id()));
    }
    return all;
  }

  private void startQueue(Subscription s) {
    if (s.suspended()) {
      return;
    }
    String id = s.id();
    EventSender delivery = sender;
    if (s.syslog().isPresent()) {
      SyslogSender opened = syslogSenders.open(s);
      syslogOpen.put(id, opened);
      delivery = opened;
    } else if (sender instanceof HttpEventSender http) {
      List<java.security.cert.X509Certificate> authorities = trust.authorities(id);
      if (!authorities.isEmpty()) {
        HttpEventSender.Trusting opened = http.trusting(authorities);
        trustedOpen.put(id, opened);
        delivery = opened;
      }
    }
    queues.put(
        id,
        new SubscriberQueue(
            s.destination(),
            s.retryPolicy(),
            delivery,
            timers,
            () -> {
              EventServiceSettings.Values v = settings.current();
              return new SubscriberQueue.Retry(v.retryAttempts(), v.retryInterval());
            },
            queueCapacity,
            new SubscriberQueue.Exhaustion() {
              @Override
              public void suspend() {
                timers.execute(() -> guarded(() -> update(id, sub -> sub.withSuspended(true))));
              }

              @Override
              public void terminate() {
                timers.execute(() -> guarded(() -> delete(id)));
              }
            }));
  }

  private void stopQueue(String id) {
    SubscriberQueue q = queues.remove(id);
    if (q != null) {
      q.stop();
    }
    SyslogSender syslog = syslogOpen.remove(id);
    if (syslog != null) {
      syslog.close();
    }
    HttpEventSender.Trusting trusting = trustedOpen.remove(id);
    if (trusting != null) {
      trusting.close();
    }
  }

  /**
   * The CA certificates of subscription {@code id} changed: its deliveries from now on trust what
   * it keeps now. Events already queued are dropped with the old queue, as for any change that
   * restarts it.
   */
  public synchronized void trustChanged(String id) {
    Subscription s = byId.get(id);
    if (s != null && s.syslog().isEmpty()) {
      stopQueue(id);
      startQueue(s);
    }
  }

  private static void guarded(Runnable work) {
    try {
      work.run();
    } catch (RuntimeException e) {
      LOG.error("cannot record the end of a subscription's retries", e);
    }
  }

  @Override
  public void close() {
    stopListening.run();
    stopListeningReports.run();
    synchronized (this) {
      queues.values().forEach(SubscriberQueue::stop);
      queues.clear();
      syslogOpen.values().forEach(SyslogSender::close);
      syslogOpen.clear();
    }
    timers.shutdownNow();
  }
}
