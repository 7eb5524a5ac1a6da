package io.gpuchassis.agent.events;

import io.gpuchassis.agent.store.Settings;
import java.time.Duration;

/**
 * The EventService's writable settings, kept in the store's settings table: whether events are
 * delivered at all (ServiceEnabled; they are logged either way), how often a failed delivery is
 * retried and how long apart. Reads are from memory; {@link #update} blocks (database write).
 */
public final class EventServiceSettings {

  public static final int DEFAULT_RETRY_ATTEMPTS = 3;
  public static final int DEFAULT_RETRY_INTERVAL_SECONDS = 30;
  public static final int MAX_RETRY_ATTEMPTS = 100;
  public static final int MAX_RETRY_INTERVAL_SECONDS = 3600;

  private static final String ENABLED = "events.serviceEnabled";
  private static final String ATTEMPTS = "events.deliveryRetryAttempts";
  private static final String INTERVAL = "events.deliveryRetryIntervalSeconds";

  /** One consistent set of values. */
  public record Values(boolean serviceEnabled, int retryAttempts, int retryIntervalSeconds) {
    public Duration retryInterval() {
      return Duration.ofSeconds(retryIntervalSeconds);
    }
  }

  private final Settings settings;
  private volatile Values current;

  public EventServiceSettings(Settings settings) {
    this.settings = settings;
    this.current =
        new Values(
            settings.get(ENABLED).map(Boolean::parseBoolean).orElse(true),
            settings.get(ATTEMPTS).map(Integer::parseInt).orElse(DEFAULT_RETRY_ATTEMPTS),
            settings.get(INTERVAL).map(Integer::parseInt).orElse(DEFAULT_RETRY_INTERVAL_SECONDS));
  }

  public Values current() {
    return current;
  }

  /**
   * Stores and applies {@code next}; deliveries already waiting for a retry use it from their next
   * attempt.
   */
  public synchronized void update(Values next) {
    settings.put(ENABLED, Boolean.toString(next.serviceEnabled()));
    settings.put(ATTEMPTS, Integer.toString(next.retryAttempts()));
    settings.put(INTERVAL, Integer.toString(next.retryIntervalSeconds()));
    current = next;
  }
}
