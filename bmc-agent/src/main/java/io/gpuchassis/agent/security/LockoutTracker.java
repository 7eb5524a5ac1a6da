package io.gpuchassis.agent.security;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Counts failed logins and locks accounts that fail too often, following the current {@link
 * AccountPolicy}, per account and client address ({@link ClientAddress}): the DSP0266
 * AccountService properties keep their meaning, counted for each address. {@code
 * AccountLockoutThreshold} failures from one address lock the account for that address for {@code
 * AccountLockoutDuration}; {@code AccountLockoutCounterResetAfter} without a failure from it
 * forgets the count. An attacker who guesses from one host therefore locks out only that host: the
 * account's owner, logging in from elsewhere, is never locked out by someone else's failures. Only
 * different wrong passwords count: a client retrying the same stale password is no guesser and does
 * not lock anyone out (Active Directory's bad-password history does the same), while every new
 * guess still counts. Lockouts end by themselves, or when an administrator unlocks the account
 * (every address at once). At most {@code tracked} account-address pairs are remembered; beyond
 * that the stalest failure counts are forgotten first, lockouts last.
 */
public final class LockoutTracker {

  private final Clock clock;
  private final Supplier<AccountPolicy> policy;
  private final int tracked;
  private final Map<Key, Failures> failures = new ConcurrentHashMap<>();

  public LockoutTracker(Clock clock, Supplier<AccountPolicy> policy, int tracked) {
    this.clock = clock;
    this.policy = policy;
    this.tracked = tracked;
  }

  /** Whether {@code account} may not log in from {@code address} now. */
  public boolean isLocked(Account account, String address) {
    Failures f = failures.get(key(account, address));
    return f != null && f.lockedAt(clock.instant());
  }

  /**
   * Whether {@code account} is locked for any address (the {@code Locked} property of the account).
   */
  public boolean isLockedAnywhere(Account account) {
    Instant now = clock.instant();
    return failures.entrySet().stream()
        .anyMatch(e -> e.getKey().accountId() == account.id() && e.getValue().lockedAt(now));
  }

  /**
   * Records a failed login; returns whether this failure locked the account for {@code address}.
   *
   * @param wrongPassword a keyed fingerprint of the password tried (never the password): a repeat
   *     is not counted again
   */
  public boolean recordFailure(Account account, String address, String wrongPassword) {
    AccountPolicy p = policy.get();
    if (p.lockoutThreshold() == 0) {
      return false;
    }
    Instant now = clock.instant();
    Key key = key(account, address);
    if (!failures.containsKey(key) && failures.size() >= tracked) {
      makeRoom(now);
    }
    boolean[] lockedNow = new boolean[1];
    failures.compute(
        key,
        (k, old) -> {
          Failures base =
              old == null || old.forgotten(now, p) ? new Failures(List.of(), now, null) : old;
          if (base.lockedAt(now)) {
            return base;
          }
          if (base.tried.contains(wrongPassword)) {
            return new Failures(base.tried, now, null);
          }
          List<String> tried = new ArrayList<>(base.tried);
          tried.add(wrongPassword);
          boolean locks = tried.size() >= p.lockoutThreshold();
          lockedNow[0] = locks;
          return new Failures(
              locks ? List.of() : List.copyOf(tried),
              now,
              locks ? now.plus(p.lockoutDuration()) : null);
        });
    return lockedNow[0];
  }

  public void recordSuccess(Account account, String address) {
    failures.remove(key(account, address));
  }

  /**
   * Ends every lockout and failure count of {@code account} (an administrator set Locked to false).
   */
  public void unlock(Account account) {
    failures.keySet().removeIf(k -> k.accountId() == account.id());
  }

  /** Forgets counts and lockouts that no longer matter. */
  public void prune() {
    Instant now = clock.instant();
    AccountPolicy p = policy.get();
    failures.values().removeIf(f -> f.forgotten(now, p));
  }

  /**
   * Forgets what no longer matters, else the stalest count, else (only when all are locked) the
   * oldest lockout.
   */
  private void makeRoom(Instant now) {
    prune();
    if (failures.size() >= tracked) {
      failures.entrySet().stream()
          .min(
              Comparator.comparing((Map.Entry<Key, Failures> e) -> e.getValue().lockedAt(now))
                  .thenComparing(e -> e.getValue().last()))
          .ifPresent(e -> failures.remove(e.getKey()));
    }
  }

  /** How many account-address pairs are remembered. */
  int size() {
    return failures.size();
  }

  private static Key key(Account account, String address) {
    return new Key(account.id(), ClientAddress.key(address));
  }

  private record Key(long accountId, String client) {}

  /**
   * The different wrong passwords of the current run (fingerprints), its last failure, the end of a
   * lockout if on.
   */
  private record Failures(List<String> tried, Instant last, Instant lockedUntil) {
    boolean lockedAt(Instant now) {
      return lockedUntil != null && now.isBefore(lockedUntil);
    }

    /** Neither locked nor with a failure recent enough to count. */
    boolean forgotten(Instant now, AccountPolicy p) {
      return !lockedAt(now)
          && (lockedUntil != null || last.plus(p.lockoutCounterResetAfter()).isBefore(now));
    }
  }
}
