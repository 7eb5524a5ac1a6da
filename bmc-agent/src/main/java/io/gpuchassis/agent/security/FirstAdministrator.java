package io.gpuchassis.agent.security;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the first account, {@code admin} (Administrator), when the agent starts with no accounts.
 * Its password is the operator's ({@link FirstPassword}: the systemd credential {@code
 * admin-password} or {@code BMC_AGENT_ADMIN_PASSWORD}) and may be used as it is; without one a
 * random password is generated and announced in the log this once (the next start finds the account
 * and says nothing), and the account must change it at its first login (PasswordChangeRequired,
 * enforced by Redfish and the console). No shipped configuration carries a default password.
 */
public final class FirstAdministrator {

  public static final String USER_NAME = "admin";

  /** The environment variable that may give the first password (see {@link FirstPassword}). */
  public static final String PASSWORD_VARIABLE = FirstPassword.PASSWORD_VARIABLE;

  private static final Logger LOG = LoggerFactory.getLogger(FirstAdministrator.class);
  private static final String ALPHABET =
      "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

  /** 20 characters of a 57-letter alphabet: about 116 bits. */
  private static final int GENERATED_LENGTH = 20;

  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final Clock clock;
  private final Consumer<String> announce;

  public FirstAdministrator(AccountRepository accounts, PasswordHasher hasher, Clock clock) {
    this(accounts, hasher, clock, LOG::warn);
  }

  /**
   * @param announce where the one-time password line goes (the log)
   */
  FirstAdministrator(
      AccountRepository accounts, PasswordHasher hasher, Clock clock, Consumer<String> announce) {
    this.accounts = accounts;
    this.hasher = hasher;
    this.clock = clock;
    this.announce = announce;
  }

  /**
   * Creates {@code admin} if there are no accounts, with the password {@code environment} gives or
   * a generated one.
   */
  public void ensure(Map<String, String> environment) {
    if (accounts.count() > 0) {
      return; // read no credential, announce nothing: the first start is over
    }
    Optional<FirstPassword> given = FirstPassword.from(environment);
    String password =
        given.map(FirstPassword::password).orElseGet(FirstAdministrator::randomPassword);
    if (!accounts.createIfNoAccounts(
        USER_NAME, hasher.hash(password), Role.Administrator, given.isEmpty(), clock.instant())) {
      return;
    }
    if (given.isPresent()) {
      LOG.info(
          "First start: account {} (Administrator) created with the password from {}",
          USER_NAME,
          given.get().source());
    } else {
      announce.accept(
          "First start: account "
              + USER_NAME
              + " created with the one-time password "
              + password
              + "; it must be changed at the first login (give the credential "
              + FirstPassword.CREDENTIAL
              + " or "
              + FirstPassword.PASSWORD_VARIABLE
              + " before the first start to choose it instead)");
    }
  }

  static String randomPassword() {
    SecureRandom random = new SecureRandom();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < GENERATED_LENGTH; i++) {
      sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return sb.toString();
  }
}
