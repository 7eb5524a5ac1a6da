package io.gpuchassis.switchdrv.expether;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that moves only when a test moves it, so a hot-plug delay ends exactly when asked. */
final class SteppedClock implements InstantSource {

  private final AtomicReference<Instant> now =
      new AtomicReference<>(Instant.parse("2026-12-04T12:00:00Z"));

  @Override
  public Instant instant() {
    return now.get();
  }

  void advance(Duration by) {
    now.updateAndGet(t -> t.plus(by));
  }
}
