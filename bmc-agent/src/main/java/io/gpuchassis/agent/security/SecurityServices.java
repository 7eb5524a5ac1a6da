package io.gpuchassis.agent.security;

import io.gpuchassis.agent.config.AuthenticationLimits;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything security, assembled once: accounts, settings, lockouts, the security log, sessions,
 * the login gate and authentication, all bound by the configured {@link AuthenticationLimits}. A
 * periodic chore writes what is kept in memory between writes (summaries of repeated failures,
 * session last uses) and forgets addresses that no longer matter; the same is written when the
 * database closes.
 */
public final class SecurityServices {

  private static final Logger LOG = LoggerFactory.getLogger(SecurityServices.class);

  /**
   * How often the chore runs: a crash loses at most this much of the sessions' last uses (a stop
   * loses none).
   */
  private static final Duration CHORE_PERIOD = Duration.ofSeconds(5);

  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final SecuritySettings settings;
  private final LockoutTracker lockouts;
  private final SecurityLog log;
  private final SessionManager sessions;
  private final LoginGate gate;
  private final AgentAuthenticator authenticator;
  private final AuthenticationLimits limits;
  private final Clock clock;

  public SecurityServices(
      AgentStore store,
      AccountRepository accounts,
      PasswordHasher hasher,
      Vertx vertx,
      Clock clock,
      AuthenticationLimits limits) {
    this.accounts = accounts;
    this.hasher = hasher;
    this.clock = clock;
    this.limits = limits;
    this.settings = new SecuritySettings(new Settings(store));
    this.lockouts = new LockoutTracker(clock, settings::policy, limits.trackedClients());
    this.log =
        new SecurityLog(
            store,
            clock,
            limits.securityLogEntries(),
            limits.securityLogUnauthenticatedEntries(),
            new RepeatSummary(limits.failureSummaryWindow(), limits.trackedClients()));
    this.sessions =
        new SessionManager(clock, settings::sessionTimeout, limits, new SessionStore(store));
    this.gate =
        new LoginGate(
            vertx, clock, limits, new CredentialVerifier(accounts, hasher, lockouts, log), log);
    this.authenticator = new AgentAuthenticator(gate, sessions, accounts, lockouts, clock);
    vertx.setPeriodic(
        CHORE_PERIOD.toMillis(),
        id ->
            vertx
                .executeBlocking(this::chore, false)
                .onFailure(e -> LOG.warn("Security housekeeping failed: {}", e.toString())));
    store.beforeClose(
        () -> {
          log.flushSummaries(true);
          sessions.flush();
        });
  }

  private Void chore() {
    log.flushSummaries(false);
    sessions.expireIdle();
    sessions.flush();
    gate.prune();
    lockouts.prune();
    return null;
  }

  public AccountRepository accounts() {
    return accounts;
  }

  public PasswordHasher hasher() {
    return hasher;
  }

  public SecuritySettings settings() {
    return settings;
  }

  public LockoutTracker lockouts() {
    return lockouts;
  }

  public SecurityLog log() {
    return log;
  }

  public SessionManager sessions() {
    return sessions;
  }

  /** Where every password of a login is checked (HTTP Basic and sessions). */
  public LoginGate logins() {
    return gate;
  }

  public AgentAuthenticator authenticator() {
    return authenticator;
  }

  public AuthenticationLimits limits() {
    return limits;
  }

  public Clock clock() {
    return clock;
  }
}
