package io.gpuchassis.agent.events;

/**
 * What a push receiver answered to one delivery: its HTTP status and body (a Sunfish core answers
 * an agent's registration with the AggregationSource it made). The body is empty when the receiver
 * sent none, or more than {@link HttpEventSender#MAX_ANSWER_BYTES}.
 */
public record DeliveryAnswer(int status, String body) {

  public boolean delivered() {
    return status >= 200 && status < 300;
  }
}
