package io.gpuchassis.agent.security;

import io.gpuchassis.redfish.message.AccountSecurityMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.util.List;
import java.util.Optional;

/**
 * The account changes a user makes outside the Redfish account resource (the serial console):
 * changing one's own password and unlocking an account. They follow the same rules and leave the
 * same security-log entries as the equivalent PATCH of a ManagerAccount: the password policy, the
 * other sessions of the account closed, the cached credentials forgotten. Blocking (hashing, the
 * database): never on an event loop.
 */
public final class AccountActions {

  private final SecurityServices security;

  public AccountActions(SecurityServices security) {
    this.security = security;
  }

  /** Why {@code password} does not meet the policy; empty when it does. */
  public Optional<String> passwordProblem(String password) {
    return Optional.ofNullable(security.settings().policy().passwordProblem(password));
  }

  /**
   * Sets {@code account}'s password, chosen by its owner (so no change is required at the next
   * login), and ends the account's Redfish sessions: a password change invalidates what the old
   * password opened.
   *
   * @return the account as stored now
   * @throws IllegalArgumentException when the password does not meet the policy, or the account is
   *     gone
   */
  public Account changeOwnPassword(Account account, String password, String address) {
    passwordProblem(password)
        .ifPresent(
            problem -> {
              throw new IllegalArgumentException(
                  "The password does not meet the policy: " + problem + ".");
            });
    Account current =
        security
            .accounts()
            .findById(account.id())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "The account " + account.userName() + " no longer exists."));
    Account next = current.withPasswordHash(security.hasher().hash(password), false);
    if (security.accounts().update(next) != AccountRepository.UpdateResult.UPDATED) {
      throw new IllegalArgumentException(
          "The account " + account.userName() + " could not be changed.");
    }
    security.authenticator().forget(current.userName());
    security.sessions().passwordChanged(current, Optional.empty());
    audit(
        AccountSecurityMessages.PASSWORD_MODIFIED, current.userName(), address, current.userName());
    return next;
  }

  /**
   * Lifts the lockout of the account named {@code userName} for every address.
   *
   * @return false when there is no such account
   */
  public boolean unlock(String userName, String byUser, String address) {
    Optional<Account> account = security.accounts().find(userName);
    if (account.isEmpty()) {
      return false;
    }
    security.lockouts().unlock(account.get());
    audit(AccountSecurityMessages.ACCOUNT_UNLOCKED, byUser, address, account.get().userName());
    return true;
  }

  private void audit(MessageDefinition message, String byUser, String address, String... args) {
    security
        .log()
        .record(
            message.severity(),
            message.messageId(),
            message.format(List.of(args)),
            List.of(args),
            byUser,
            address);
  }
}
