package io.gpuchassis.agent.ethernet;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/**
 * A clock that can be held at one instant: while held it answers that instant, else the clock
 * below. A simulated port's files are written for one instant and read with it, however long
 * writing them takes, so a period's rates are exactly the trace's.
 */
public final class HeldClock extends Clock {

  private final Clock below;
  private volatile Instant held;

  public HeldClock(Clock below) {
    this.below = below;
  }

  /** Holds the clock at the instant below it now, and returns that instant. */
  public Instant hold() {
    Instant now = below.instant();
    held = now;
    return now;
  }

  public void release() {
    held = null;
  }

  @Override
  public Instant instant() {
    Instant h = held;
    return h != null ? h : below.instant();
  }

  @Override
  public ZoneId getZone() {
    return below.getZone();
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a held clock keeps the zone of the clock below");
  }
}
