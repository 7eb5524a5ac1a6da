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
  private final PortReader reader;
  private final PortSampler sampler = new PortSampler();
  private final PortHealthEvaluator evaluator;
  private final PortEventSink events;

  public PortMonitor(
      DataPort port, PortReader reader, PortThresholds thresholds, PortEventSink events) {
    this.port = port;
    this.reader = reader;
    this.evaluator = new PortHealthEvaluator(port, thresholds);
    this.events = events;
  }

  /** The period that ended now; empty after the first reading. */
  public Optional<PortRates> sample() {
    Optional<PortRates> period = sampler.next(reader.read());
    period.ifPresent(p -> evaluator.evaluate(p).forEach(m -> events.raise(port, m)));
    return period;
  }

  /** The conditions raised and not yet cleared. */
  public Set<PortCondition> active() {
    return evaluator.active();
  }
}
