package io.gpuchassis.agent.ethernet;

import java.util.Optional;
import java.util.Set;

/**
 * Watches one data-path port: each {@link #sample()} reads it, turns the reading into the period's
 * rates and raises what changed. Whoever owns the schedule calls it once per sampling period, off
 * any event loop (it reads sysfs and runs ethtool).
 */
public final class PortMonitor {

  private final DataPort port;
  private final PortSource reader;
  private final PortSampler sampler = new PortSampler();
  private final PortHealthEvaluator evaluator;
  private final PortEventSink events;
  private volatile PortReading last;

  public PortMonitor(
      DataPort port, PortSource reader, PortThresholds thresholds, PortEventSink events) {
    this.port = port;
    this.reader = reader;
    this.evaluator = new PortHealthEvaluator(port, thresholds);
    this.events = events;
  }

  /** The period that ended now; empty after the first reading. */
  public Optional<PortRates> sample() {
    PortReading now = reader.read();
    last = now;
    Optional<PortRates> period = sampler.next(now);
    period.ifPresent(p -> evaluator.evaluate(p).forEach(m -> events.raise(port, m)));
    return period;
  }

  /** The latest reading; empty before the first sample. */
  public Optional<PortReading> lastReading() {
    return Optional.ofNullable(last);
  }

  /** The conditions raised and not yet cleared. */
  public Set<PortCondition> active() {
    return evaluator.active();
  }
}
