package io.gpuchassis.agent.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that tests move by hand. */
public final class MutableClock extends Clock {

  private volatile Instant now;

  MutableClock() {
    this(Instant.parse("2026-11-30T00:00:00Z"));
  }

  public MutableClock(Instant start) {
    now = start;
  }

  public void advance(Duration d) {
    now = now.plus(d);
  }

  public void set(Instant instant) {
    now = instant;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
