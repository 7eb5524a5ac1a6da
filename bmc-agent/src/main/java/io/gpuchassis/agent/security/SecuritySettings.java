package io.gpuchassis.agent.security;

import io.gpuchassis.agent.store.Settings;
import java.time.Duration;

/**
 * The security settings administrators change at run time (session timeout, account policy), kept
 * in the database so they survive restarts, and cached in memory because every request consults
 * them.
 */
public final class SecuritySettings {

  public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofMinutes(30);

  /** DSP0266 SessionService.SessionTimeout bounds, in seconds. */
  public static final long MIN_SESSION_TIMEOUT = 30;

  public static final long MAX_SESSION_TIMEOUT = 86400;

  private final Settings settings;
  private volatile Duration sessionTimeout;
  private volatile AccountPolicy policy;

  public SecuritySettings(Settings settings) {
    this.settings = settings;
    this.sessionTimeout =
        settings
            .get("session.timeout")
            .map(s -> Duration.ofSeconds(Long.parseLong(s)))
            .orElse(DEFAULT_SESSION_TIMEOUT);
    this.policy =
        new AccountPolicy(
            intSetting("account.minPasswordLength", AccountPolicy.DEFAULTS.minPasswordLength()),
            intSetting("account.maxPasswordLength", AccountPolicy.DEFAULTS.maxPasswordLength()),
            intSetting("account.lockoutThreshold", AccountPolicy.DEFAULTS.lockoutThreshold()),
            Duration.ofSeconds(
                intSetting(
                    "account.lockoutDuration",
                    (int) AccountPolicy.DEFAULTS.lockoutDuration().toSeconds())),
            Duration.ofSeconds(
                intSetting(
                    "account.lockoutCounterResetAfter",
                    (int) AccountPolicy.DEFAULTS.lockoutCounterResetAfter().toSeconds())));
  }

  public Duration sessionTimeout() {
    return sessionTimeout;
  }

  public AccountPolicy policy() {
    return policy;
  }

  /** Stores a new session timeout (blocking: a database write). */
  public void setSessionTimeout(Duration timeout) {
    settings.put("session.timeout", Long.toString(timeout.toSeconds()));
    sessionTimeout = timeout;
  }

  /** Stores a new account policy (blocking: a database write). */
  public void setPolicy(AccountPolicy next) {
    settings.put("account.minPasswordLength", Integer.toString(next.minPasswordLength()));
    settings.put("account.maxPasswordLength", Integer.toString(next.maxPasswordLength()));
    settings.put("account.lockoutThreshold", Integer.toString(next.lockoutThreshold()));
    settings.put("account.lockoutDuration", Long.toString(next.lockoutDuration().toSeconds()));
    settings.put(
        "account.lockoutCounterResetAfter",
        Long.toString(next.lockoutCounterResetAfter().toSeconds()));
    policy = next;
  }

  private int intSetting(String name, int fallback) {
    return settings.get(name).map(Integer::parseInt).orElse(fallback);
  }
}
