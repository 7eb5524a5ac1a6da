package io.gpuchassis.agent.ethernet;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that can be held at one instant: while held it answers that instant, else the clock
 * below. A simulated port's files are written for one instant and read with it, however long
 * writing them takes, so a period's rates are exactly the trace's.
 */
public final class HeldClock extends Clock {

  private final Clock below;
  // shared with the clock's copies in other zones, so holding one holds them all
  private final AtomicReference<Instant> held;

  public HeldClock(Clock below) {
    this(below, new AtomicReference<>());
  }

  private HeldClock(Clock below, AtomicReference<Instant> held) {
    this.below = below;
    this.held = held;
  }

  /** Holds the clock at the instant below it now, and returns that instant. */
  public Instant hold() {
    Instant now = below.instant();
    held.set(now);
    return now;
  }

  public void release() {
    held.set(null);
  }

  @Override
  public Instant instant() {
    Instant h = held.get();
    return h != null ? h : below.instant();
  }

  @Override
  public ZoneId getZone() {
    return below.getZone();
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return new HeldClock(below.withZone(zone), held);
  }
}
