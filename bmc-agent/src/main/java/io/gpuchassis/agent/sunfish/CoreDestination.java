package io.gpuchassis.agent.sunfish;

import io.gpuchassis.agent.config.SunfishSettings;
import io.gpuchassis.agent.events.DestinationCertificates;
import io.gpuchassis.agent.events.RetryPolicy;
import io.gpuchassis.agent.events.Subscription;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.redfish.event.EventSelection;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.util.Optional;

/**
 * The Sunfish core's event destination, {@code EventService/Subscriptions/SunfishServer} (the name
 * the Sunfish documents give it, and the one the core PATCHes the agent's id into). The
 * configuration owns it: it is written anew at every start from {@code sunfish.core} (all events,
 * retried forever with back-off, Context empty until the core names the agent), so a deletion over
 * Redfish lasts until the next start, and it is removed at start when no core is configured. No
 * account owns it, so only a caller with ConfigureManager reaches it. Blocking (database).
 */
public final class CoreDestination {

  /** The subscription's id, as Sunfish's agents name it. */
  public static final String ID = "SunfishServer";

  /** The owner no account can be: account names are at most 32 characters. */
  static final String OWNER = "agent configuration, sunfish.core";

  private final Subscriptions subscriptions;
  private final DestinationCertificates certificates;
  private final Clock clock;

  public CoreDestination(
      Subscriptions subscriptions, DestinationCertificates certificates, Clock clock) {
    this.subscriptions = subscriptions;
    this.certificates = certificates;
    this.clock = clock;
  }

  /**
   * Writes the destination {@code settings} name, trusting its {@code coreAuthority} if any; with
   * no core, removes a destination an earlier configuration left. Empty when there is no core.
   *
   * @throws IllegalStateException when the core's authority file cannot be read or is no CA
   *     certificate
   */
  public Optional<Subscription> configure(SunfishSettings settings) {
    if (!settings.enabled()) {
      subscriptions
          .find(ID)
          .filter(s -> s.owner().equals(OWNER))
          .ifPresent(s -> subscriptions.delete(ID));
      return Optional.empty();
    }
    Subscription written =
        subscriptions.configure(
            new Subscription(
                ID,
                settings.core().orElseThrow().toString(),
                "",
                EventSelection.EVERYTHING,
                RetryPolicy.RetryForeverWithBackoff,
                false,
                OWNER,
                clock.instant()));
    // After the subscription: its certificates belong to it (and went with the one it replaced).
    certificates.list(ID).forEach(k -> certificates.remove(ID, k.id()));
    if (settings.coreAuthority().isPresent()) {
      certificates.add(ID, read(settings.coreAuthority().get()));
    }
    subscriptions.trustChanged(ID);
    return Optional.of(written);
  }

  private static String read(java.nio.file.Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException(
          "sunfish.coreAuthority " + file + " cannot be read: " + e.getMessage(), e);
    }
  }
}
