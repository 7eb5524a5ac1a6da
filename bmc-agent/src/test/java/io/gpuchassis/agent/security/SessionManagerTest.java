package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SessionManagerTest {

  private final MutableClock clock = new MutableClock();
  private final SessionManager sessions = new SessionManager(clock, () -> Duration.ofSeconds(60));
  private final Account alice = new Account(1, "alice", "h", Role.Operator, true, false, Instant.EPOCH);

  @Test
  void a_session_expires_after_the_timeout_without_use_and_lives_while_used() {
    String token = sessions.open(alice, "10.0.0.1", Optional.empty()).orElseThrow().token();
    clock.advance(Duration.ofSeconds(50));
    assertTrue(sessions.use(token).isPresent(), "used within the timeout");
    clock.advance(Duration.ofSeconds(50));
    assertTrue(sessions.use(token).isPresent(), "the last use restarted the timeout");
    clock.advance(Duration.ofSeconds(61));
    assertTrue(sessions.use(token).isEmpty(), "idle too long");
    assertTrue(sessions.all().isEmpty());
  }

  @Test
  void a_kept_alive_session_does_not_expire_but_an_ended_one_is_not_revived() {
    var opened = sessions.open(alice, "10.0.0.1", Optional.empty()).orElseThrow();
    String id = opened.session().id();
    for (int i = 0; i < 5; i++) {
      clock.advance(Duration.ofSeconds(50));
      assertTrue(sessions.keepAlive(id), "kept alive within the timeout");
    }
    assertTrue(sessions.use(opened.token()).isPresent(), "250 s after the last request, still open");
    assertTrue(sessions.close(id));
    assertFalse(sessions.keepAlive(id));
    var idle = sessions.open(alice, "10.0.0.1", Optional.empty()).orElseThrow();
    clock.advance(Duration.ofSeconds(61));
    assertFalse(sessions.keepAlive(idle.session().id()), "an expired session stays expired");
  }

  @Test
  void tokens_are_random_and_only_their_own_session_matches() {
    var a = sessions.open(alice, "a", Optional.empty()).orElseThrow();
    var b = sessions.open(alice, "b", Optional.empty()).orElseThrow();
    assertNotEquals(a.token(), b.token());
    assertTrue(a.token().length() >= 43, "256 bits");
    assertEquals(a.session().id(), sessions.use(a.token()).orElseThrow().id());
    assertTrue(sessions.use(a.token() + "x").isEmpty());
  }

  @Test
  void a_password_change_ends_the_other_sessions_of_the_account_but_the_changing_one() {
    var keep = sessions.open(alice, "a", Optional.empty()).orElseThrow();
    var other = sessions.open(alice, "b", Optional.empty()).orElseThrow();
    sessions.passwordChanged("alice", Optional.of(keep.session().id()));
    assertTrue(sessions.use(keep.token()).isPresent());
    assertTrue(sessions.use(other.token()).isEmpty());
  }

  @Test
  void the_number_of_sessions_is_bounded() {
    for (int i = 0; i < SessionManager.MAX_SESSIONS; i++) {
      assertTrue(sessions.open(alice, "a", Optional.empty()).isPresent());
    }
    assertTrue(sessions.open(alice, "a", Optional.empty()).isEmpty());
  }
}
