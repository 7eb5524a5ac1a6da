package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LockoutTrackerTest {

  private final MutableClock clock = new MutableClock();
  private final AccountPolicy policy = new AccountPolicy(12, 64, 3, Duration.ofMinutes(5), Duration.ofMinutes(1));
  private final LockoutTracker tracker = new LockoutTracker(clock, () -> policy);
  private final Account operator = new Account(2, "op", "h", Role.Operator, true, false, Instant.EPOCH);
  private final Account admin = new Account(1, "root", "h", Role.Administrator, true, false, Instant.EPOCH);

  @Test
  void an_account_locks_after_the_threshold_and_unlocks_when_the_duration_ends() {
    tracker.recordFailure(operator, "a");
    tracker.recordFailure(operator, "a");
    assertFalse(tracker.isLocked(operator, "a"));
    assertTrue(tracker.recordFailure(operator, "a"));
    assertTrue(tracker.isLocked(operator, "b"), "an ordinary account is locked for every address");
    clock.advance(Duration.ofMinutes(5).plusSeconds(1));
    assertFalse(tracker.isLocked(operator, "a"));
  }

  @Test
  void failures_older_than_the_reset_time_stop_counting() {
    tracker.recordFailure(operator, "a");
    tracker.recordFailure(operator, "a");
    clock.advance(Duration.ofMinutes(2));
    assertFalse(tracker.recordFailure(operator, "a"));
  }

  @Test
  void an_administrator_is_locked_only_for_the_address_that_failed() {
    for (int i = 0; i < 3; i++) {
      tracker.recordFailure(admin, "attacker");
    }
    assertTrue(tracker.isLocked(admin, "attacker"));
    assertFalse(tracker.isLocked(admin, "operator-console"), "the real administrator still gets in");
    assertTrue(tracker.isLockedAnywhere(admin));
  }

  @Test
  void an_administrator_unlock_clears_every_address() {
    for (int i = 0; i < 3; i++) {
      tracker.recordFailure(operator, "a");
    }
    tracker.unlock("op");
    assertFalse(tracker.isLocked(operator, "a"));
  }

  @Test
  void a_policy_that_would_lock_forever_cannot_exist() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new AccountPolicy(12, 64, 3, Duration.ZERO, Duration.ofSeconds(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> new AccountPolicy(20, 12, 3, Duration.ofMinutes(1), Duration.ofSeconds(1)));
  }
}
