package io.gpuchassis.agent.sim.ethernet;

import java.time.Duration;

/** What the link does during a phase of a trace. */
public sealed interface LinkPhase {

  /** Carrier all along, at this speed. */
  record Up(int speedMbps) implements LinkPhase {}

  /** No carrier. */
  record Down() implements LinkPhase {}

  /**
   * Carrier lost for the first half of every period and back, at this speed, for the second: one
   * flap (two carrier changes) a period.
   */
  record Flapping(Duration period, int speedMbps) implements LinkPhase {
    public Flapping {
      if (period.toMillis() < 2 || period.toMillis() % 2 != 0) {
        throw new IllegalArgumentException("a flap period is an even number of ms: " + period);
      }
    }
  }
}
