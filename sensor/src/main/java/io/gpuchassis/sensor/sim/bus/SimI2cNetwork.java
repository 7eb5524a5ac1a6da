package io.gpuchassis.sensor.sim.bus;

import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * All simulated I2C buses, by Linux bus number. Counts transfers (each write or read phase is one)
 * for tests and benchmarks. Thread-safety: safe.
 */
public final class SimI2cNetwork {

  private final Map<Integer, SimI2cSegment> segments = new ConcurrentHashMap<>();
  private final AtomicLong transfers = new AtomicLong();

  /** The bus with this number, created empty on first use. */
  public SimI2cSegment bus(int bus) {
    if (bus < 0) {
      throw new IllegalArgumentException("bus number must not be negative: " + bus);
    }
    return segments.computeIfAbsent(bus, n -> new SimI2cSegment(n, transfers));
  }

  Optional<SimI2cSegment> existing(int bus) {
    return Optional.ofNullable(segments.get(bus));
  }

  public SortedSet<Integer> busNumbers() {
    return new TreeSet<>(segments.keySet());
  }

  /** Transfers routed so far, over all buses. */
  public long transfers() {
    return transfers.get();
  }
}
