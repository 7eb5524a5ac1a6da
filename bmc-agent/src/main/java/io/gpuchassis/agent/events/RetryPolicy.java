package io.gpuchassis.agent.events;

/**
 * What a subscription does when an event could not be delivered after all retries (EventDestination
 * DeliveryRetryPolicy).
 */
public enum RetryPolicy {
  /** The subscription is deleted. */
  TerminateAfterRetries,
  /**
   * The subscription is suspended (State Disabled) and its queued events dropped, until re-enabled.
   */
  SuspendRetries,
  /** The event is retried at the retry interval until it is delivered. */
  RetryForever,
  /**
   * The event is retried until it is delivered, the interval doubling up to {@link
   * #MAX_BACKOFF_FACTOR} times.
   */
  RetryForeverWithBackoff;

  static final int MAX_BACKOFF_FACTOR = 16;
}
