package io.gpuchassis.agent.events;

import io.gpuchassis.agent.config.SyslogSettings;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Events, and the security log's entries, forwarded to the configured syslog collector as RFC 5424
 * messages. They wait in the same bounded queue a push subscription has ({@link SubscriberQueue}:
 * the oldest dropped when full, retried at the EventService's retry interval), with retries that
 * back off but never stop: a collector that is down gets what was queued once it is back. Its
 * thread ({@code syslog}) does the writing, so nothing that raises an event waits.
 */
public final class SyslogForwarding implements AutoCloseable {

  /** Messages waiting for the collector at most. */
  static final int QUEUE_CAPACITY = 1000;

  private final SyslogSettings settings;
  private final SyslogSeverity lowest;
  private final SyslogFacility facility;
  private final String hostName;
  private final SyslogSender sender;
  private final SubscriberQueue queue;
  private final Runnable stopListening;

  private SyslogForwarding(SyslogSettings settings, EventBus bus, EventServiceSettings retries) {
    this.settings = settings;
    this.lowest = SyslogSeverity.parse(settings.lowestSeverity());
    this.facility = SyslogFacility.parse(settings.facility());
    this.hostName = localHostName();
    ScheduledExecutorService thread =
        Executors.newSingleThreadScheduledExecutor(
            work -> {
              Thread t = new Thread(work, "syslog");
              t.setDaemon(true);
              return t;
            });
    this.sender =
        new SyslogSender(
            SyslogSender.Transport.of(settings.protocol()),
            settings.host(),
            settings.port(),
            settings.caFile(),
            SyslogSender.Route.ANY,
            thread);
    this.queue =
        new SubscriberQueue(
            settings.destination().orElseThrow().toString(),
            RetryPolicy.RetryForeverWithBackoff,
            sender,
            thread,
            () -> {
              EventServiceSettings.Values v = retries.current();
              return new SubscriberQueue.Retry(v.retryAttempts(), v.retryInterval());
            },
            QUEUE_CAPACITY,
            new SubscriberQueue.Exhaustion() {
              @Override
              public void suspend() {}

              @Override
              public void terminate() {}
            });
    this.stopListening = bus.listen(event -> forward(SyslogMessage.of(event, facility, hostName)));
  }

  /** Forwards what {@code settings} asks for; empty when it names no collector. */
  public static Optional<SyslogForwarding> start(
      SyslogSettings settings, EventBus bus, EventServiceSettings retries) {
    return settings.destination().isEmpty()
        ? Optional.empty()
        : Optional.of(new SyslogForwarding(settings, bus, retries));
  }

  /** Queues {@code message} if it is at least as severe as the lowest severity sent. */
  public void forward(SyslogMessage message) {
    if (lowest.admits(message.severity())) {
      queue.offer(message.format());
    }
  }

  /** The host name messages carry. */
  public String hostName() {
    return hostName;
  }

  /** Where messages go, for the log. */
  public String describe() {
    return settings.protocol() + " " + settings.host() + ":" + settings.port();
  }

  static String localHostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "-";
    }
  }

  @Override
  public void close() {
    stopListening.run();
    queue.stop();
    sender.close();
  }
}
