package io.gpuchassis.agent.ethernet;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * What a port counted between two readings: each counter's increase (wraps and resets accounted
 * for, {@link CounterDelta}) and its rate per second, the carrier changes in the period, and the
 * later reading itself (the link as it is now). A counter present in only one of the two readings
 * has no rate.
 */
public record PortRates(
    PortReading reading, Duration elapsed, Map<CounterKey, Long> increases, long carrierChanges) {

  public PortRates {
    increases = Map.copyOf(increases);
    if (elapsed.isNegative() || elapsed.isZero()) {
      throw new IllegalArgumentException("a period must last: " + elapsed);
    }
  }

  public OptionalDouble perSecond(CounterSource source, String name) {
    Long increase = increases.get(new CounterKey(source, name));
    return increase == null ? OptionalDouble.empty() : OptionalDouble.of(perSecond(increase));
  }

  /**
   * The summed rate of every counter of {@code source} whose name {@code names} accepts (e.g. the
   * PFC pause frames of all priorities); empty when there is none.
   */
  public OptionalDouble perSecond(CounterSource source, Predicate<String> names) {
    long sum = 0;
    boolean any = false;
    for (Map.Entry<CounterKey, Long> e : increases.entrySet()) {
      if (e.getKey().source() == source && names.test(e.getKey().name())) {
        sum += e.getValue();
        any = true;
      }
    }
    return any ? OptionalDouble.of(perSecond(sum)) : OptionalDouble.empty();
  }

  private double perSecond(long increase) {
    return increase * 1_000_000_000.0 / elapsed.toNanos();
  }
}
