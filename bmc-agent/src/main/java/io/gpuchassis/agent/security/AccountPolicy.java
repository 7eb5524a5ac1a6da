package io.gpuchassis.agent.security;

import java.time.Duration;

/**
 * The account rules an administrator sets through AccountService: password length, and lockout
 * after repeated failures. A lockout always ends ({@code lockoutDuration} at least one second): the
 * Redfish meaning of a zero duration, locked until an administrator unlocks, is refused so that
 * failures can never lock the chassis's managers out for good.
 *
 * @param lockoutThreshold failures in a row that lock an account; 0 turns lockout off
 * @param lockoutCounterResetAfter a failure older than this no longer counts
 */
public record AccountPolicy(
    int minPasswordLength,
    int maxPasswordLength,
    int lockoutThreshold,
    Duration lockoutDuration,
    Duration lockoutCounterResetAfter) {

  public static final int MIN_PASSWORD_FLOOR = 8;
  public static final int MAX_PASSWORD_CEILING = 64;
  public static final Duration MAX_LOCKOUT = Duration.ofHours(24);

  public static final AccountPolicy DEFAULTS =
      new AccountPolicy(12, 64, 5, Duration.ofMinutes(5), Duration.ofMinutes(1));

  public AccountPolicy {
    if (minPasswordLength < MIN_PASSWORD_FLOOR || minPasswordLength > maxPasswordLength) {
      throw new IllegalArgumentException(
          "MinPasswordLength must lie between " + MIN_PASSWORD_FLOOR + " and MaxPasswordLength");
    }
    if (maxPasswordLength > MAX_PASSWORD_CEILING) {
      throw new IllegalArgumentException(
          "MaxPasswordLength must be at most " + MAX_PASSWORD_CEILING);
    }
    if (lockoutThreshold < 0 || lockoutThreshold > 100) {
      throw new IllegalArgumentException("AccountLockoutThreshold must lie between 0 and 100");
    }
    if (lockoutDuration.compareTo(Duration.ofSeconds(1)) < 0
        || lockoutDuration.compareTo(MAX_LOCKOUT) > 0) {
      throw new IllegalArgumentException(
          "AccountLockoutDuration must lie between 1 and 86400 seconds");
    }
    if (lockoutCounterResetAfter.compareTo(Duration.ofSeconds(1)) < 0
        || lockoutCounterResetAfter.compareTo(lockoutDuration) > 0) {
      throw new IllegalArgumentException(
          "AccountLockoutCounterResetAfter must lie between 1 second and AccountLockoutDuration");
    }
  }

  /** Why {@code password} is not acceptable, or null when it is. */
  public String passwordProblem(String password) {
    int length = password.codePointCount(0, password.length());
    if (length < minPasswordLength || length > maxPasswordLength) {
      return "a password must have "
          + minPasswordLength
          + " to "
          + maxPasswordLength
          + " characters";
    }
    if (password.chars().anyMatch(Character::isISOControl)) {
      return "a password must not contain control characters";
    }
    return null;
  }
}
