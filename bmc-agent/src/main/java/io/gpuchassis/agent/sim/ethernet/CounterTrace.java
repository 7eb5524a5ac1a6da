package io.gpuchassis.agent.sim.ethernet;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A counter trace to replay: phases one after another from the trace's start (the last one goes on
 * for ever), and each counter's value at the start. Counts are exact: a counter at rate r counts r
 * in every whole second of a phase, and {@code floor(r * ms / 1000)} in part of one.
 */
public record CounterTrace(String name, List<TracePhase> phases, Map<TreeCounter, Long> initial) {

  /** The link at a moment of the trace, with the carrier changes since its start. */
  public record Link(boolean carrier, int speedMbps, long carrierChanges) {}

  public CounterTrace {
    phases = List.copyOf(phases);
    initial = Map.copyOf(initial);
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("a trace has a phase");
    }
  }

  /** Everything {@code counter} counted from zero up to {@code t} after the start, unwrapped. */
  public long count(TreeCounter counter, Duration t) {
    long total = initial.getOrDefault(counter, 0L);
    long start = 0;
    long end = t.toMillis();
    for (int i = 0; i < phases.size() && start < end; i++) {
      TracePhase phase = phases.get(i);
      boolean last = i == phases.size() - 1;
      long stop = last ? end : Math.min(end, start + phase.length().toMillis());
      total += phase.perSecond().getOrDefault(counter, 0L) * (stop - start) / 1000;
      start += phase.length().toMillis();
    }
    return total;
  }

  /** The link {@code t} after the start; the state before the start is the first phase's. */
  public Link linkAt(Duration t) {
    long now = t.toMillis();
    boolean carrier = !(phases.get(0).link() instanceof LinkPhase.Down);
    int speed = speedOf(phases.get(0).link());
    long changes = 0;
    long start = 0;
    for (int i = 0; i < phases.size() && start <= now; i++) {
      TracePhase phase = phases.get(i);
      boolean last = i == phases.size() - 1;
      long stop = last ? Long.MAX_VALUE : start + phase.length().toMillis();
      speed = speedOf(phase.link()) > 0 ? speedOf(phase.link()) : speed;
      if (phase.link() instanceof LinkPhase.Flapping f) {
        long half = f.period().toMillis() / 2;
        // edges at start, start + half, ...: down first, then up, while inside the phase and now
        for (long edge = start, k = 0; edge < stop && edge <= now; edge += half, k++) {
          boolean next = k % 2 == 1;
          if (next != carrier) {
            changes++;
            carrier = next;
          }
        }
      } else {
        boolean next = phase.link() instanceof LinkPhase.Up;
        if (next != carrier) {
          changes++;
          carrier = next;
        }
      }
      start = stop == Long.MAX_VALUE ? stop : start + phase.length().toMillis();
    }
    return new Link(carrier, speed, changes);
  }

  private static int speedOf(LinkPhase link) {
    if (link instanceof LinkPhase.Up up) {
      return up.speedMbps();
    }
    return link instanceof LinkPhase.Flapping f ? f.speedMbps() : 0;
  }
}
