package io.gpuchassis.agent.sim.ethernet;

import java.time.Duration;
import java.util.Map;

/**
 * One stretch of a counter trace: how long it lasts, what the link does, and how many each counter
 * counts per second (counters not named stand still).
 */
public record TracePhase(Duration length, LinkPhase link, Map<TreeCounter, Long> perSecond) {

  public TracePhase {
    perSecond = Map.copyOf(perSecond);
    if (length.isNegative() || length.isZero()) {
      throw new IllegalArgumentException("a phase lasts: " + length);
    }
  }
}
