package io.gpuchassis.agent.events;

import io.gpuchassis.redfish.event.EventSelection;
import java.time.Instant;
import java.util.Optional;

/**
 * A push subscription (an EventDestination of type RedfishEvent): where events go, the client's
 * Context, which events, what to do when delivery fails, whether it is suspended, and who created
 * it (ConfigureSelf reaches only one's own subscriptions), and whether its events carry the
 * resource their OriginOfCondition names (IncludeOriginOfCondition, chosen on create).
 */
public record Subscription(
    String id,
    String destination,
    String context,
    EventSelection selection,
    RetryPolicy retryPolicy,
    boolean suspended,
    String owner,
    Instant created,
    Optional<SyslogTarget> syslog,
    boolean includeOriginOfCondition) {

  /** A subscription that sends OriginOfCondition as a reference only. */
  public Subscription(
      String id,
      String destination,
      String context,
      EventSelection selection,
      RetryPolicy retryPolicy,
      boolean suspended,
      String owner,
      Instant created,
      Optional<SyslogTarget> syslog) {
    this(
        id, destination, context, selection, retryPolicy, suspended, owner, created, syslog, false);
  }

  /** A Redfish (HTTPS POST) subscription. */
  public Subscription(
      String id,
      String destination,
      String context,
      EventSelection selection,
      RetryPolicy retryPolicy,
      boolean suspended,
      String owner,
      Instant created) {
    this(
        id,
        destination,
        context,
        selection,
        retryPolicy,
        suspended,
        owner,
        created,
        Optional.empty());
  }

  /** The EventDestination's Protocol. */
  public String protocol() {
    return syslog.map(SyslogTarget::protocol).orElse("Redfish");
  }

  public Subscription withContext(String newContext) {
    return new Subscription(
        id,
        destination,
        newContext,
        selection,
        retryPolicy,
        suspended,
        owner,
        created,
        syslog,
        includeOriginOfCondition);
  }

  public Subscription withSelection(EventSelection newSelection) {
    return new Subscription(
        id,
        destination,
        context,
        newSelection,
        retryPolicy,
        suspended,
        owner,
        created,
        syslog,
        includeOriginOfCondition);
  }

  public Subscription withRetryPolicy(RetryPolicy newPolicy) {
    return new Subscription(
        id,
        destination,
        context,
        selection,
        newPolicy,
        suspended,
        owner,
        created,
        syslog,
        includeOriginOfCondition);
  }

  public Subscription withSuspended(boolean newSuspended) {
    return new Subscription(
        id,
        destination,
        context,
        selection,
        retryPolicy,
        newSuspended,
        owner,
        created,
        syslog,
        includeOriginOfCondition);
  }

  public Subscription withSyslog(Optional<SyslogTarget> newSyslog) {
    return new Subscription(
        id,
        destination,
        context,
        selection,
        retryPolicy,
        suspended,
        owner,
        created,
        newSyslog,
        includeOriginOfCondition);
  }
}
