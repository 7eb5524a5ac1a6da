package io.gpuchassis.agent.events;

/**
 * One push subscription's deliveries: events waiting in its queue, delivered, attempts that failed
 * and were retried, events dropped from a full queue.
 */
public record DeliveryStats(
    String subscriptionId, int waiting, long delivered, long retried, long dropped) {}
