package io.gpuchassis.agent.security;

import io.gpuchassis.agent.config.AuthenticationLimits;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.vertx.core.Vertx;
import java.time.Clock;

/** Everything security, assembled once: accounts, settings, lockouts, the security log, sessions, authentication. */
public final class SecurityServices {

  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final SecuritySettings settings;
  private final LockoutTracker lockouts;
  private final SecurityLog log;
  private final SessionManager sessions;
  private final AgentAuthenticator authenticator;
  private final Clock clock;

  public SecurityServices(AgentStore store, AccountRepository accounts, PasswordHasher hasher, Vertx vertx, Clock clock,
      AuthenticationLimits limits) {
    this.accounts = accounts;
    this.hasher = hasher;
    this.clock = clock;
    this.settings = new SecuritySettings(new Settings(store));
    this.lockouts = new LockoutTracker(clock, settings::policy);
    this.log = new SecurityLog(store, clock);
    this.sessions = new SessionManager(clock, settings::sessionTimeout);
    CredentialVerifier verifier = new CredentialVerifier(accounts, hasher, lockouts, log);
    this.authenticator = new AgentAuthenticator(vertx, verifier, sessions, clock);
    this.verifier = verifier;
  }

  private final CredentialVerifier verifier;

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

  public AgentAuthenticator authenticator() {
    return authenticator;
  }

  public CredentialVerifier verifier() {
    return verifier;
  }

  public Clock clock() {
    return clock;
  }
}
