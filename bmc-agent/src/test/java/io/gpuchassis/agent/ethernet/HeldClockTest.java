package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class HeldClockTest {

  /** A clock a test moves by hand. */
  static final class ManualClock extends Clock {
    final AtomicReference<Instant> now;
    final ZoneId zone;

    ManualClock() {
      this(new AtomicReference<>(Instant.parse("2026-12-04T10:00:00Z")), ZoneOffset.UTC);
    }

    private ManualClock(AtomicReference<Instant> now, ZoneId zone) {
      this.now = now;
      this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return new ManualClock(now, zone);
    }

    @Override
    public Instant instant() {
      return now.get();
    }
  }

  @Test
  void a_held_clock_answers_the_held_instant_until_released() {
    ManualClock below = new ManualClock();
    HeldClock clock = new HeldClock(below);
    Instant held = clock.hold();
    below.now.set(held.plus(Duration.ofSeconds(5)));
    assertEquals(held, clock.instant());
    clock.release();
    assertEquals(held.plus(Duration.ofSeconds(5)), clock.instant());
  }

  @Test
  void its_copy_in_another_zone_is_held_with_it() {
    ManualClock below = new ManualClock();
    HeldClock clock = new HeldClock(below);
    Clock zoned = clock.withZone(ZoneId.of("Europe/Paris"));
    assertEquals(ZoneId.of("Europe/Paris"), zoned.getZone());
    Instant held = clock.hold();
    below.now.set(held.plus(Duration.ofSeconds(5)));
    assertEquals(held, zoned.instant(), "holding the clock holds its zoned copy");
    clock.release();
    assertEquals(held.plus(Duration.ofSeconds(5)), zoned.instant());
  }
}
