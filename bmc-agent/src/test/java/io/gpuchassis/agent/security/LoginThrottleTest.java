package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

  private final MutableClock clock = new MutableClock();
  private final LoginThrottle throttle = new LoginThrottle(clock, 60, 5, 100);

  @Test
  void failures_beyond_the_burst_are_refused_until_tokens_come_back() {
    for (int i = 0; i < 5; i++) {
      LoginThrottle.Admission a = throttle.acquire("10.0.0.1");
      assertTrue(a.admitted());
      throttle.finish(a, false);
    }
    LoginThrottle.Admission refused = throttle.acquire("10.0.0.1");
    assertFalse(refused.admitted());
    assertEquals(Duration.ofSeconds(1), refused.retryAfter(), "60 a minute: one token a second");
    assertTrue(throttle.acquire("10.0.0.2").admitted(), "another address has its own bucket");
    clock.advance(Duration.ofSeconds(1));
    assertTrue(throttle.acquire("10.0.0.1").admitted());
  }

  @Test
  void successful_logins_give_their_token_back() {
    for (int i = 0; i < 50; i++) {
      LoginThrottle.Admission a = throttle.acquire("10.0.0.1");
      assertTrue(a.admitted(), "attempt " + i);
      throttle.finish(a, true);
    }
  }

  @Test
  void an_address_with_recent_failures_is_no_longer_clean() {
    LoginThrottle.Admission first = throttle.acquire("10.0.0.1");
    assertTrue(first.clean());
    throttle.finish(first, false);
    assertFalse(throttle.acquire("10.0.0.1").clean());
    assertTrue(throttle.acquire("10.0.0.9").clean());
  }

  @Test
  void very_many_addresses_share_one_bucket_beyond_the_tracked_number() {
    LoginThrottle small = new LoginThrottle(clock, 60, 2, 16);
    for (int i = 0; i < 16; i++) {
      small.finish(small.acquire("10.0.1." + i), false);
    }
    LoginThrottle.Admission a = small.acquire("10.0.2.1");
    LoginThrottle.Admission b = small.acquire("10.0.2.2");
    assertEquals(LoginThrottle.OVERFLOW, a.bucket());
    assertTrue(a.admitted() && b.admitted());
    assertFalse(small.acquire("10.0.2.3").admitted(), "the newcomers' shared burst of 2 is spent");
    assertEquals(17, small.trackedAddresses());
    clock.advance(Duration.ofMinutes(1));
    small.finish(a, false);
    small.finish(b, false);
    small.prune();
    assertEquals(0, small.trackedAddresses(), "full, idle buckets are forgotten");
  }
}
