package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.message.AccountSecurityMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks a user name and password for a login (HTTP Basic or a session), applying the lockout rules and recording the
 * outcome in the security log. Blocking (password hashing, database): call from a worker thread.
 */
public final class CredentialVerifier {

  private static final Logger LOG = LoggerFactory.getLogger(CredentialVerifier.class);

  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final LockoutTracker lockouts;
  private final SecurityLog log;
  private volatile String dummyHash;

  public CredentialVerifier(
      AccountRepository accounts, PasswordHasher hasher, LockoutTracker lockouts, SecurityLog log) {
    this.accounts = accounts;
    this.hasher = hasher;
    this.lockouts = lockouts;
    this.log = log;
  }

  /**
   * The account, when {@code password} is its password and it may log in from {@code address} now.
   *
   * @param channel how the client logs in, for the log: {@code Redfish session} or {@code HTTP Basic}
   */
  public Optional<Account> verify(String userName, String password, String address, String channel) {
    Optional<Account> found = accounts.find(userName);
    if (found.isEmpty()) {
      // An unknown user costs as much as a wrong password, so answer times do not reveal which names exist.
      hasher.verify(password, dummyHash());
      record(AccountSecurityMessages.INVALID_CREDENTIALS, userName, address, List.of(userName, channel));
      return Optional.empty();
    }
    Account account = found.get();
    if (lockouts.isLocked(account, address)) {
      record(AccountSecurityMessages.INVALID_CREDENTIALS, userName, address, List.of(userName, channel));
      return Optional.empty();
    }
    if (!account.enabled() || !hasher.verify(password, account.passwordHash())) {
      record(AccountSecurityMessages.INVALID_CREDENTIALS, userName, address, List.of(userName, channel));
      if (account.enabled() && lockouts.recordFailure(account, address)) {
        LOG.warn("Account '{}' locked after repeated failed logins from {}", userName, address);
        record(AccountSecurityMessages.ACCOUNT_LOCKED, userName, address, List.of(userName));
      }
      return Optional.empty();
    }
    lockouts.recordSuccess(account, address);
    record(AccountSecurityMessages.SUCCESSFUL_LOGIN, userName, address, List.of(userName, address, channel));
    return Optional.of(account);
  }

  private void record(MessageDefinition message, String userName, String address, List<String> args) {
    log.record(message.severity(), message.messageId(), message.format(args), args, userName, address);
  }

  private String dummyHash() {
    String hash = dummyHash;
    if (hash == null) {
      hash = hasher.hash("not-a-password");
      dummyHash = hash;
    }
    return hash;
  }
}
