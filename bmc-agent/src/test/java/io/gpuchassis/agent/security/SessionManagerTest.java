package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.config.AuthenticationLimits;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionManagerTest {

  @TempDir Path stateDir;
  private final MutableClock clock = new MutableClock();
  private AgentStore store;
  private AccountRepository accounts;
  private SessionManager sessions;
  private Account alice;

  @BeforeEach
  void open() {
    store = AgentStore.open(stateDir);
    accounts = new AccountRepository(store);
    alice = account("alice", Role.Operator);
    sessions = manager(AuthenticationLimits.DEFAULT);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private SessionManager manager(AuthenticationLimits limits) {
    return new SessionManager(clock, () -> Duration.ofSeconds(60), limits, new SessionStore(store));
  }

  private Account account(String name, Role role) {
    return accounts.create(name, "h", role, true, false, Instant.EPOCH).orElseThrow();
  }

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
    assertTrue(
        sessions.use(opened.token()).isPresent(), "250 s after the last request, still open");
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
    sessions.passwordChanged(alice, Optional.of(keep.session().id()));
    assertTrue(sessions.use(keep.token()).isPresent());
    assertTrue(sessions.use(other.token()).isEmpty());
  }

  @Test
  void one_account_cannot_take_more_than_its_share_of_sessions() {
    for (int i = 0; i < AuthenticationLimits.DEFAULT.maxSessionsPerAccount(); i++) {
      assertTrue(sessions.open(alice, "a", Optional.empty()).isPresent());
    }
    assertTrue(sessions.open(alice, "a", Optional.empty()).isEmpty(), "per-account limit");
    assertTrue(
        sessions.open(account("bob", Role.ReadOnly), "b", Optional.empty()).isPresent(),
        "others still may");
  }

  @Test
  void other_roles_never_take_the_sessions_kept_for_administrators() {
    SessionManager small =
        manager(
            AuthenticationLimits.of(null, null, null, null, 6, 2, 2, null, null, null, null, null));
    for (int i = 0; i < 2; i++) {
      Account reader = account("reader" + i, Role.ReadOnly);
      assertTrue(small.open(reader, "r", Optional.empty()).isPresent());
      assertTrue(small.open(reader, "r", Optional.empty()).isPresent());
    }
    assertTrue(
        small.open(account("reader9", Role.ReadOnly), "r", Optional.empty()).isEmpty(),
        "4 of 6 open: the last 2 are the administrators'");
    Account admin = account("root", Role.Administrator);
    assertTrue(small.open(admin, "x", Optional.empty()).isPresent());
    assertTrue(small.open(admin, "x", Optional.empty()).isPresent());
    assertTrue(
        small.open(account("root2", Role.Administrator), "x", Optional.empty()).isEmpty(),
        "6 of 6");
  }

  @Test
  void sessions_survive_a_restart_as_token_hashes_and_expire_across_it() throws Exception {
    var kept = sessions.open(alice, "10.0.0.1", Optional.of("orchestrator")).orElseThrow();
    var idle = sessions.open(alice, "10.0.0.2", Optional.empty()).orElseThrow();
    clock.advance(Duration.ofSeconds(40));
    sessions.use(kept.token());
    sessions.flush();
    try (var c = rawConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT token_sha256 FROM sessions")) {
      while (rs.next()) {
        assertNotEquals(kept.token(), rs.getString(1), "only the hash is stored");
        assertEquals(64, rs.getString(1).length());
      }
    }

    clock.advance(Duration.ofSeconds(30));
    SessionManager restarted = manager(AuthenticationLimits.DEFAULT);
    Session again = restarted.use(kept.token()).orElseThrow();
    assertEquals(kept.session().id(), again.id());
    assertEquals("orchestrator", again.context().orElseThrow());
    assertTrue(
        restarted.use(idle.token()).isEmpty(), "70 s idle: expired while the agent was down");
    assertEquals(1, restarted.all().size());
  }

  @Test
  void closing_a_session_or_deleting_its_account_removes_it_from_the_database() throws Exception {
    var closed = sessions.open(alice, "a", Optional.empty()).orElseThrow();
    account("root", Role.Administrator); // the last enabled Administrator could not be deleted
    Account bob = account("bob", Role.ReadOnly);
    var orphan = sessions.open(bob, "b", Optional.empty()).orElseThrow();
    sessions.close(closed.session().id());
    assertEquals(AccountRepository.UpdateResult.UPDATED, accounts.delete(bob.id()));
    try (var c = rawConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sessions")) {
      assertEquals(
          0, rs.getInt(1), "the closed session is deleted, and the account's went with it");
    }
    SessionManager restarted = manager(AuthenticationLimits.DEFAULT);
    assertTrue(restarted.use(closed.token()).isEmpty());
    assertTrue(restarted.use(orphan.token()).isEmpty());
  }

  private java.sql.Connection rawConnection() throws Exception {
    return java.sql.DriverManager.getConnection("jdbc:sqlite:" + stateDir.resolve("agent.db"));
  }
}
