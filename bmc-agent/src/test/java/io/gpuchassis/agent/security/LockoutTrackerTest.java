package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LockoutTrackerTest {

  private final MutableClock clock = new MutableClock();
  private final AccountPolicy policy =
      new AccountPolicy(12, 64, 3, Duration.ofMinutes(5), Duration.ofMinutes(1));
  private final LockoutTracker tracker = new LockoutTracker(clock, () -> policy, 100);
  private final Account operator =
      new Account(2, "op", "h", Role.Operator, true, false, Instant.EPOCH);
  private final Account admin =
      new Account(1, "root", "h", Role.Administrator, true, false, Instant.EPOCH);

  @Test
  void an_account_locks_after_the_threshold_and_unlocks_when_the_duration_ends() {
    tracker.recordFailure(operator, "10.0.0.1", "p1");
    tracker.recordFailure(operator, "10.0.0.1", "p2");
    assertFalse(tracker.isLocked(operator, "10.0.0.1"));
    assertTrue(tracker.recordFailure(operator, "10.0.0.1", "p3"));
    assertTrue(tracker.isLocked(operator, "10.0.0.1"));
    assertTrue(tracker.isLockedAnywhere(operator));
    clock.advance(Duration.ofMinutes(5).plusSeconds(1));
    assertFalse(tracker.isLocked(operator, "10.0.0.1"));
    assertFalse(tracker.isLockedAnywhere(operator));
  }

  @Test
  void failures_older_than_the_reset_time_stop_counting() {
    tracker.recordFailure(operator, "10.0.0.1", "p1");
    tracker.recordFailure(operator, "10.0.0.1", "p2");
    clock.advance(Duration.ofMinutes(2));
    assertFalse(tracker.recordFailure(operator, "10.0.0.1", "p3"));
  }

  @Test
  void every_account_is_locked_only_for_the_address_that_failed() {
    for (Account account : new Account[] {operator, admin}) {
      for (int i = 0; i < 3; i++) {
        tracker.recordFailure(account, "attacker", "guess" + i);
      }
      assertTrue(tracker.isLocked(account, "attacker"));
      assertFalse(
          tracker.isLocked(account, "owner-console"),
          account.role() + ": the real user still gets in");
      assertTrue(tracker.isLockedAnywhere(account));
    }
  }

  @Test
  void the_addresses_of_one_ipv6_network_count_together() {
    for (int i = 1; i <= 3; i++) {
      tracker.recordFailure(operator, "2001:db8:1:2::" + i, "guess" + i);
    }
    assertTrue(
        tracker.isLocked(operator, "2001:db8:1:2::ffff"),
        "a fresh address of the same /64 is still locked");
    assertFalse(tracker.isLocked(operator, "2001:db8:1:3::1"));
  }

  @Test
  void retrying_the_same_wrong_password_is_no_new_guess() {
    for (int i = 0; i < 10; i++) {
      assertFalse(tracker.recordFailure(operator, "10.0.0.1", "stale-saved-password"));
    }
    assertFalse(tracker.isLocked(operator, "10.0.0.1"));
    tracker.recordFailure(operator, "10.0.0.1", "guess-1");
    assertTrue(
        tracker.recordFailure(operator, "10.0.0.1", "guess-2"), "three different wrong passwords");
  }

  @Test
  void an_administrator_unlock_clears_every_address() {
    for (int i = 0; i < 3; i++) {
      tracker.recordFailure(operator, "a", "guess" + i);
      tracker.recordFailure(operator, "b", "guess" + i);
    }
    tracker.unlock(operator);
    assertFalse(tracker.isLocked(operator, "a"));
    assertFalse(tracker.isLockedAnywhere(operator));
  }

  @Test
  void memory_is_bounded_and_lockouts_are_the_last_thing_forgotten() {
    LockoutTracker small = new LockoutTracker(clock, () -> policy, 16);
    for (int i = 0; i < 3; i++) {
      small.recordFailure(operator, "10.0.0.1", "guess" + i);
    }
    for (int i = 2; i < 200; i++) {
      clock.advance(Duration.ofMillis(10));
      small.recordFailure(operator, "10.0.0." + i, "guess");
    }
    assertEquals(16, small.size());
    assertTrue(
        small.isLocked(operator, "10.0.0.1"),
        "a flood of single failures does not wash the lockout away");
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
