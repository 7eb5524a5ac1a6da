package io.gpuchassis.agent.security;

import io.gpuchassis.agent.security.SecurityLog.Origin;
import io.gpuchassis.redfish.message.AccountSecurityMessages;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks a user name and password for a login (HTTP Basic or a session), applying the lockout rules
 * and recording the outcome in the security log. Every outcome costs the same: one password check
 * at the cost of the most expensive stored hash, whether the user is unknown, disabled, locked out
 * or gave a wrong or the right password, so answer times tell nothing about which accounts exist or
 * are locked. Blocking: run it through {@link LoginGate}.
 */
final class CredentialVerifier {

  private static final Logger LOG = LoggerFactory.getLogger(CredentialVerifier.class);

  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final LockoutTracker lockouts;
  private final SecurityLog log;

  /**
   * Checked for unknown users: one iteration of its own, padded to the common cost like every other
   * check.
   */
  private final String unknownUserHash;

  /** Lives only in this process: the fingerprints of wrong passwords mean nothing outside it. */
  private final byte[] fingerprintKey = new byte[32];

  CredentialVerifier(
      AccountRepository accounts, PasswordHasher hasher, LockoutTracker lockouts, SecurityLog log) {
    this.accounts = accounts;
    this.hasher = hasher;
    this.lockouts = lockouts;
    this.log = log;
    byte[] salt = new byte[16];
    byte[] hash = new byte[32];
    new SecureRandom().nextBytes(fingerprintKey);
    new SecureRandom().nextBytes(salt);
    new SecureRandom().nextBytes(hash);
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    this.unknownUserHash =
        "pbkdf2-sha256$1$" + b64.encodeToString(salt) + "$" + b64.encodeToString(hash);
  }

  /**
   * The account, when {@code password} is its password and it may log in from {@code address} now.
   *
   * @param channel how the client logs in, for the log: {@code Redfish session} or {@code HTTP
   *     Basic}
   */
  Optional<Account> verify(String userName, String password, String address, String channel) {
    Optional<Account> found = accounts.find(userName);
    boolean matches =
        hasher.verify(password, found.map(Account::passwordHash).orElse(unknownUserHash), cost());
    String logged = LoggedName.of(userName);
    if (found.isEmpty()) {
      failed(logged, address, channel);
      return Optional.empty();
    }
    Account account = found.get();
    if (!account.enabled() || lockouts.isLocked(account, address)) {
      failed(logged, address, channel);
      return Optional.empty();
    }
    if (!matches) {
      failed(logged, address, channel);
      if (lockouts.recordFailure(account, address, fingerprint(password))) {
        LOG.warn(
            "Account '{}' locked for {} after repeated failed logins from there", logged, address);
        log.record(
            Origin.UNAUTHENTICATED,
            AccountSecurityMessages.ACCOUNT_LOCKED,
            List.of(logged),
            logged,
            address);
      }
      return Optional.empty();
    }
    lockouts.recordSuccess(account, address);
    log.record(
        Origin.AUTHENTICATED,
        AccountSecurityMessages.SUCCESSFUL_LOGIN,
        List.of(logged, address, channel),
        logged,
        address);
    return Optional.of(account);
  }

  /**
   * A keyed hash of a wrong password, so that the lockout can tell a repeat from a new guess
   * without keeping it.
   */
  private String fingerprint(String password) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(fingerprintKey, "HmacSHA256"));
      byte[] full = mac.doFinal(password.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder()
          .encodeToString(java.util.Arrays.copyOf(full, 16)); // 128 bits tell guesses apart
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  /** The cost every check pays: the agent's own, or that of a stored hash made more expensive. */
  private int cost() {
    int cost = hasher.iterations();
    for (Account a : accounts.list()) {
      cost = Math.max(cost, PasswordHasher.costOf(a.passwordHash()));
    }
    return cost;
  }

  private void failed(String userName, String address, String channel) {
    log.record(
        Origin.UNAUTHENTICATED,
        AccountSecurityMessages.INVALID_CREDENTIALS,
        List.of(userName, channel),
        userName,
        address);
  }
}
