package io.gpuchassis.agent.ethernet;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One reading of a data-path port: its link as the kernel reports it and every counter found, taken
 * at {@code at}. What could not be read is absent, never zero.
 *
 * @param operstate RFC 2863 state from {@code operstate} ({@code up}, {@code down}, ...)
 * @param carrier whether the link has carrier; absent while the interface is administratively down
 * @param speedMbps the link's speed; absent when the kernel does not know it (no link)
 * @param carrierChanges how often carrier came and went since the interface was created
 * @param counters every counter read, by source and name (unsigned 64-bit values)
 * @param gids the RDMA port's GID table entries in use, by index
 */
public record PortReading(
    Instant at,
    Optional<String> operstate,
    Optional<Boolean> carrier,
    OptionalInt speedMbps,
    OptionalLong carrierChanges,
    Map<CounterKey, Long> counters,
    List<RoceGid> gids) {

  public PortReading {
    counters = Map.copyOf(counters);
    gids = List.copyOf(gids);
  }

  /** A reading without GIDs. */
  public PortReading(
      Instant at,
      Optional<String> operstate,
      Optional<Boolean> carrier,
      OptionalInt speedMbps,
      OptionalLong carrierChanges,
      Map<CounterKey, Long> counters) {
    this(at, operstate, carrier, speedMbps, carrierChanges, counters, List.of());
  }

  /** The link is up: carrier, and the kernel says {@code up}. */
  public boolean linkUp() {
    return carrier.orElse(false) && operstate.map("up"::equals).orElse(false);
  }

  public OptionalLong counter(CounterSource source, String name) {
    Long value = counters.get(new CounterKey(source, name));
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }

  /**
   * The sum of every counter of {@code source} whose name {@code names} accepts (a driver's
   * per-priority counters); empty when the reading has none of them.
   */
  public OptionalLong sum(CounterSource source, java.util.function.Predicate<String> names) {
    long sum = 0;
    boolean any = false;
    for (Map.Entry<CounterKey, Long> e : counters.entrySet()) {
      if (e.getKey().source() == source && names.test(e.getKey().name())) {
        sum += e.getValue();
        any = true;
      }
    }
    return any ? OptionalLong.of(sum) : OptionalLong.empty();
  }
}
