package io.gpuchassis.agent.sim.ethernet;

import java.util.List;
import java.util.Map;

/**
 * The faults of {@link Traces} held for as long as a fault of the simulated chassis is in effect: a
 * trace's fault phases from the moment it is injected (its last phase going on until cleared), and
 * what the port does when it is cleared. Each one's rates and link are the recorded trace's own.
 */
public enum PortFaultTraces {
  PAUSE_STORM(Traces.pauseStorm(), 1, 1),
  STUCK_RECEIVER(Traces.stuckReceiver(), 1, 2),
  LOSSY_LINK(Traces.lossyLink(), 1, 1),
  FLAPPING_LINK(Traces.flappingLink(), 1, 1),
  SLOW_LINK(Traces.slowLink(), 1, 2);

  private final CounterTrace recorded;
  private final int first;
  private final int last;

  PortFaultTraces(CounterTrace recorded, int first, int last) {
    this.recorded = recorded;
    this.first = first;
    this.last = last;
  }

  /** The fault, from its first phase; its last phase lasts until it is cleared. */
  public CounterTrace fault() {
    return new CounterTrace(recorded.name(), recorded.phases().subList(first, last + 1), Map.of());
  }

  /**
   * What the port does once the fault is cleared: what the recorded trace does after the fault (a
   * slow link drops once more before it comes back at full speed), healthy traffic for ever.
   */
  public CounterTrace recovery() {
    List<TracePhase> after = recorded.phases().subList(last + 1, recorded.phases().size());
    return new CounterTrace(recorded.name() + " cleared", after, Map.of());
  }

  /** Healthy traffic for ever: what every simulated port replays until a fault. */
  public static CounterTrace healthy() {
    return new CounterTrace("healthy", List.of(Traces.steady().phases().get(0)), Map.of());
  }
}
