package io.gpuchassis.agent.security;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Counts failed logins and locks accounts that fail too often, following the current {@link AccountPolicy}. An
 * Administrator account is locked only for the client address whose failures locked it, so an attacker can lock out
 * only themselves, never the chassis's managers: every other address can still log in. Other accounts lock for every
 * address. Lockouts end by themselves after the policy's duration, or when an administrator unlocks the account.
 */
public final class LockoutTracker {

  private final Clock clock;
  private final Supplier<AccountPolicy> policy;
  private final Map<String, Failures> failures = new ConcurrentHashMap<>();

  public LockoutTracker(Clock clock, Supplier<AccountPolicy> policy) {
    this.clock = clock;
    this.policy = policy;
  }

  /** Whether {@code account} may not log in from {@code address} now. */
  public boolean isLocked(Account account, String address) {
    Failures f = failures.get(key(account, address));
    return f != null && f.lockedUntil != null && clock.instant().isBefore(f.lockedUntil);
  }

  /** Whether {@code account} is locked for any address (the {@code Locked} property of the account). */
  public boolean isLockedAnywhere(Account account) {
    Instant now = clock.instant();
    String prefix = account.userName() + "\u0000";
    return failures.entrySet().stream()
        .anyMatch(
            e ->
                (e.getKey().equals(account.userName()) || e.getKey().startsWith(prefix))
                    && e.getValue().lockedUntil != null
                    && now.isBefore(e.getValue().lockedUntil));
  }

  /** Records a failed login; returns whether the account is now locked (for that address, if an Administrator). */
  public boolean recordFailure(Account account, String address) {
    AccountPolicy p = policy.get();
    if (p.lockoutThreshold() == 0) {
      return false;
    }
    Instant now = clock.instant();
    Failures f =
        failures.compute(
            key(account, address),
            (k, old) -> {
              Failures next = old == null || old.last.plus(p.lockoutCounterResetAfter()).isBefore(now)
                  ? new Failures(0, now, null)
                  : old;
              int count = next.count + 1;
              Instant until = count >= p.lockoutThreshold() ? now.plus(p.lockoutDuration()) : next.lockedUntil;
              return new Failures(count, now, until);
            });
    return f.lockedUntil != null && now.isBefore(f.lockedUntil);
  }

  public void recordSuccess(Account account, String address) {
    failures.remove(key(account, address));
  }

  /** Ends every lockout and failure count of {@code userName} (an administrator set Locked to false). */
  public void unlock(String userName) {
    String prefix = userName + "\u0000";
    failures.keySet().removeIf(k -> k.equals(userName) || k.startsWith(prefix));
  }

  private static String key(Account account, String address) {
    return account.role() == Role.Administrator ? account.userName() + "\u0000" + address : account.userName();
  }

  private record Failures(int count, Instant last, Instant lockedUntil) {}
}
