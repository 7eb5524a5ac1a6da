package io.gpuchassis.agent.metrics;

import io.gpuchassis.agent.compose.BindingObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Binds and releases as {@code gpuchassis_binding_operations_seconds}: a count, a failure count
 * (outcome label) and a duration histogram. Buckets from a tenth of a second to a minute: a bind
 * waits for a GPU's link to train.
 */
final class BindingMetrics implements BindingObserver {

  private static final Duration[] BUCKETS = {
    Duration.ofMillis(100),
    Duration.ofMillis(250),
    Duration.ofMillis(500),
    Duration.ofSeconds(1),
    Duration.ofSeconds(2),
    Duration.ofSeconds(5),
    Duration.ofSeconds(10),
    Duration.ofSeconds(30),
    Duration.ofSeconds(60)
  };

  private final Map<Kind, Timer> succeeded = new EnumMap<>(Kind.class);
  private final Map<Kind, Timer> failed = new EnumMap<>(Kind.class);

  BindingMetrics(MeterRegistry registry) {
    for (Kind kind : Kind.values()) {
      succeeded.put(kind, timer(registry, kind, "success"));
      failed.put(kind, timer(registry, kind, "failure"));
    }
  }

  @Override
  public void ended(Kind kind, Duration took, boolean success) {
    (success ? succeeded : failed).get(kind).record(took);
  }

  private static Timer timer(MeterRegistry registry, Kind kind, String outcome) {
    return Timer.builder("gpuchassis.binding.operations")
        .description("Binds of a GPU slot to a host and releases, from acceptance to their end")
        .tag("operation", kind.name().toLowerCase(Locale.ROOT))
        .tag("outcome", outcome)
        .serviceLevelObjectives(BUCKETS)
        .register(registry);
  }
}
