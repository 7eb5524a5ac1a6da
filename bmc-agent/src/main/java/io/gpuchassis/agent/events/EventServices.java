package io.gpuchassis.agent.events;

import io.gpuchassis.agent.config.OutboundPolicy;
import io.gpuchassis.agent.config.SyslogSettings;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.gpuchassis.agent.telemetry.ReportDefinitionStore;
import io.gpuchassis.agent.telemetry.Telemetry;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The event machinery the agent assembles once: the log, the bus that writes it, the EventService
 * settings, the push subscriptions with their delivery, and the TelemetryService's collection of
 * metric reports, which are delivered as events are. {@link #close} stops delivery; events already
 * queued are dropped. Where deliveries may go and how many subscriptions there may be follow an
 * {@link OutboundPolicy}: the default (https only, no loopback or link-local destination) until
 * {@link #apply} gives the configured one.
 */
public final class EventServices implements AutoCloseable {

  /** How long a push receiver may take to answer before the delivery counts as failed. */
  public static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(10);

  private final EventBus bus;
  private final EventServiceSettings settings;
  private final Subscriptions subscriptions;
  private final HttpEventSender sender;
  private final Telemetry telemetry;
  private final DestinationCertificates certificates;
  private final StreamStats streams = new StreamStats();
  private Optional<SyslogForwarding> syslog = Optional.empty();

  private EventServices(
      EventBus bus,
      EventServiceSettings settings,
      Subscriptions subscriptions,
      HttpEventSender sender,
      Telemetry telemetry,
      DestinationCertificates certificates) {
    this.certificates = certificates;
    this.bus = bus;
    this.settings = settings;
    this.subscriptions = subscriptions;
    this.sender = sender;
    this.telemetry = telemetry;
  }

  /**
   * Starts the EventService: the log, the bus, the push subscriptions, delivering only where {@code
   * policy} allows.
   */
  public static EventServices start(
      AgentStore store,
      Vertx vertx,
      Clock clock,
      Subscriptions.Bodies bodies,
      OutboundPolicy policy,
      Optional<java.nio.file.Path> syslogCa) {
    EventBus bus = new EventBus(new EventLog(store, clock, EventLog.DEFAULT_MAX_ENTRIES));
    EventServiceSettings settings = new EventServiceSettings(new Settings(store));
    HttpEventSender sender =
        new HttpEventSender(vertx, DELIVERY_TIMEOUT, new OutboundGuard(policy));
    DestinationCertificates certificates = new DestinationCertificates(store, clock);
    Subscriptions subscriptions =
        new Subscriptions(
            new SubscriptionStore(store),
            bus,
            sender,
            subscription -> syslogSender(subscription, sender, syslogCa),
            certificates,
            settings,
            bodies,
            clock,
            Subscriptions.QUEUE_CAPACITY);
    subscriptions.limit(Subscriptions.quotaOf(policy));
    Telemetry telemetry = new Telemetry(new ReportDefinitionStore(store, clock), clock);
    return new EventServices(bus, settings, subscriptions, sender, telemetry, certificates);
  }

  /**
   * The sender of a syslog subscription: its own thread and connection, to the address the outbound
   * guard of the moment allows for its destination, checked at every connection.
   */
  private static SyslogSender syslogSender(
      Subscription subscription, HttpEventSender http, Optional<java.nio.file.Path> ca) {
    SyslogTarget target = subscription.syslog().orElseThrow();
    java.net.URI uri = java.net.URI.create(subscription.destination());
    boolean tls = target.transport() == SyslogSender.Transport.TLS;
    SyslogSender.Route route =
        (host, port) -> {
          try {
            OutboundGuard.Permit permit = http.guard().checkSyslog(uri, tls);
            return new java.net.InetSocketAddress(permit.address(), permit.port());
          } catch (OutboundGuard.Refused e) {
            throw new java.io.IOException("refused: " + e.getMessage());
          }
        };
    int port = uri.getPort() > 0 ? uri.getPort() : target.transport().defaultPort();
    return new SyslogSender(
        target.transport(),
        uri.getHost(),
        port,
        ca,
        route,
        java.util.concurrent.Executors.newSingleThreadExecutor(
            work -> {
              Thread t = new Thread(work, "syslog-" + subscription.id());
              t.setDaemon(true);
              return t;
            }));
  }

  /** Delivers only where {@code policy} allows, and limits new subscriptions by it, from now on. */
  public void apply(OutboundPolicy policy) {
    sender.guard(new OutboundGuard(policy));
    subscriptions.limit(Subscriptions.quotaOf(policy));
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

  /** The CA certificates push subscriptions keep (EventDestination.Certificates). */
  public DestinationCertificates destinationCertificates() {
    return certificates;
  }

  public Subscriptions subscriptions() {
    return subscriptions;
  }

  /**
   * The TelemetryService's collection, started once the Redfish resources it reads are registered;
   * its reports reach subscribers through the {@link #bus}.
   */
  public Telemetry telemetry() {
    return telemetry;
  }

  /** The SSE streams' figures: kept here, so the metrics can read them before any stream opens. */
  public StreamStats streamStats() {
    return streams;
  }

  /**
   * Forwards events to the syslog collector {@code settings} names, if any, from now on; closed
   * with the rest.
   */
  public synchronized Optional<SyslogForwarding> forwardToSyslog(SyslogSettings settings) {
    syslog = SyslogForwarding.start(settings, bus, this.settings);
    return syslog;
  }

  @Override
  public void close() {
    synchronized (this) {
      syslog.ifPresent(SyslogForwarding::close);
    }
    telemetry.close();
    subscriptions.close();
    bus.close();
    sender.close();
  }
}
