package io.gpuchassis.agent.events;

import java.util.concurrent.CompletionStage;

/**
 * Delivers one event body to a destination; the transport behind push subscriptions. Never blocks
 * its caller.
 */
@FunctionalInterface
public interface EventSender {

  /**
   * POSTs {@code jsonBody} to {@code destination}. Completes with the HTTP status the receiver
   * answered, or exceptionally when there was no answer (connection refused, timeout).
   */
  CompletionStage<Integer> post(String destination, String jsonBody);

  /** As {@link #post}, with the body of the answer too; a sender that reads none gives it empty. */
  default CompletionStage<DeliveryAnswer> exchange(String destination, String jsonBody) {
    return post(destination, jsonBody).thenApply(status -> new DeliveryAnswer(status, ""));
  }
}
