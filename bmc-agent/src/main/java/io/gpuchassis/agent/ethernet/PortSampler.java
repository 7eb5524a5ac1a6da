package io.gpuchassis.agent.ethernet;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Turns successive readings of one port into what was counted between them. Holds the previous
 * reading only; the first reading yields nothing, nor does one not later than the previous.
 */
public final class PortSampler {

  private PortReading previous;

  public Optional<PortRates> next(PortReading reading) {
    PortReading before = previous;
    if (before != null && !reading.at().isAfter(before.at())) {
      return Optional.empty(); // a clock that stood still or stepped back gives no rate
    }
    previous = reading;
    if (before == null) {
      return Optional.empty();
    }
    Map<CounterKey, Long> increases = new HashMap<>();
    reading
        .counters()
        .forEach(
            (key, value) -> {
              Long was = before.counters().get(key);
              if (was != null) {
                increases.put(
                    key, CounterDelta.between(was, value, key.source().widthBits(key.name())));
              }
            });
    long changes =
        before.carrierChanges().isPresent() && reading.carrierChanges().isPresent()
            ? CounterDelta.between(
                before.carrierChanges().getAsLong(), reading.carrierChanges().getAsLong(), 32)
            : 0;
    return Optional.of(
        new PortRates(reading, Duration.between(before.at(), reading.at()), increases, changes));
  }
}
