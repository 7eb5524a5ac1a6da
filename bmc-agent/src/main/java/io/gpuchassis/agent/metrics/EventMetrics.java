package io.gpuchassis.agent.metrics;

import io.gpuchassis.agent.events.DeliveryStats;
import io.gpuchassis.agent.events.StreamStats;
import io.gpuchassis.agent.events.Subscriptions;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Event delivery per push subscription, labelled by the subscription's id (their number is capped
 * by {@code outbound.maxSubscriptions}): events waiting, delivered, retried and dropped; and the
 * SSE streams together (open, opened, cut off, reports dropped). The set of subscriptions changes,
 * so {@link #refresh} registers the meters of new ones and removes those of deleted ones before
 * each scrape; the figures are those read at that refresh.
 */
final class EventMetrics {

  private final MeterRegistry registry;
  private final Subscriptions subscriptions;
  private final Map<String, List<Meter>> meters = new HashMap<>();
  private Map<String, DeliveryStats> current = Map.of();

  EventMetrics(MeterRegistry registry, Subscriptions subscriptions, StreamStats streams) {
    this.registry = registry;
    this.subscriptions = subscriptions;
    Gauge.builder("gpuchassis.event.streams.open", streams, StreamStats::open)
        .description("SSE event streams open")
        .register(registry);
    FunctionCounter.builder("gpuchassis.event.streams.opened", streams, StreamStats::openedTotal)
        .description("SSE event streams opened since the agent started")
        .register(registry);
    FunctionCounter.builder("gpuchassis.event.streams.cut.off", streams, StreamStats::cutOffTotal)
        .description("SSE event streams ended because their reader fell too far behind")
        .register(registry);
    FunctionCounter.builder(
            "gpuchassis.event.streams.reports.dropped", streams, StreamStats::reportsDroppedTotal)
        .description("Metric reports not sent to an SSE reader that was behind")
        .register(registry);
  }

  /** Reads every subscription's figures; called under the scrape's lock. */
  void refresh() {
    Map<String, DeliveryStats> now = new HashMap<>();
    for (DeliveryStats s : subscriptions.deliveries()) {
      now.put(s.subscriptionId(), s);
    }
    current = now;
    meters
        .entrySet()
        .removeIf(
            e -> {
              if (now.containsKey(e.getKey())) {
                return false;
              }
              e.getValue().forEach(registry::remove);
              return true;
            });
    for (String id : now.keySet()) {
      meters.computeIfAbsent(id, this::register);
    }
  }

  private List<Meter> register(String id) {
    return List.of(
        Gauge.builder("gpuchassis.event.delivery.queued", this, figure(id, s -> s.waiting()))
            .description("Events waiting to be delivered to a push subscription")
            .tag("subscription", id)
            .register(registry),
        counter(id, "delivered", "Events delivered to a push subscription", s -> s.delivered()),
        counter(
            id,
            "retries",
            "Deliveries to a push subscription that failed and were retried",
            s -> s.retried()),
        counter(
            id,
            "dropped",
            "Events dropped from a push subscription's full queue",
            s -> s.dropped()));
  }

  private Meter counter(
      String id, String what, String help, ToDoubleFunction<DeliveryStats> value) {
    return FunctionCounter.builder("gpuchassis.event.delivery." + what, this, figure(id, value))
        .description(help)
        .tag("subscription", id)
        .register(registry);
  }

  private static ToDoubleFunction<EventMetrics> figure(
      String id, ToDoubleFunction<DeliveryStats> value) {
    return m -> {
      DeliveryStats s = m.current.get(id);
      return s == null ? Double.NaN : value.applyAsDouble(s);
    };
  }
}
