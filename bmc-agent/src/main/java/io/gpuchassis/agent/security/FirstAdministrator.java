package io.gpuchassis.agent.security;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the first account, {@code admin}, when the agent starts with no accounts. Its password comes from
 * {@code BMC_AGENT_ADMIN_PASSWORD}; without it a random password is generated, printed once to the log, and the account
 * is marked as needing a password change. No shipped configuration carries a default password.
 */
public final class FirstAdministrator {

  public static final String USER_NAME = "admin";
  public static final String PASSWORD_VARIABLE = "BMC_AGENT_ADMIN_PASSWORD";

  private static final Logger LOG = LoggerFactory.getLogger(FirstAdministrator.class);
  private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

  private final AccountRepository accounts;
  private final PasswordHasher hasher;
  private final Clock clock;

  public FirstAdministrator(AccountRepository accounts, PasswordHasher hasher, Clock clock) {
    this.accounts = accounts;
    this.hasher = hasher;
    this.clock = clock;
  }

  /** Creates {@code admin} if there are no accounts; {@code configuredPassword} is the environment variable's value. */
  public void ensure(Optional<String> configuredPassword) {
    if (accounts.count() > 0) {
      return;
    }
    Optional<String> given = configuredPassword.filter(p -> !p.isEmpty());
    String password = given.orElseGet(FirstAdministrator::randomPassword);
    if (!accounts.createIfNoAccounts(
        USER_NAME, hasher.hash(password), Role.Administrator, given.isEmpty(), clock.instant())) {
      return;
    }
    if (given.isPresent()) {
      LOG.info("Created account '{}' (Administrator) with the password from {}", USER_NAME, PASSWORD_VARIABLE);
    } else {
      LOG.warn(
          "Created account '{}' (Administrator) with the generated password '{}'. It is shown only this once and must"
              + " be changed. Set {} before the first start to choose it instead.",
          USER_NAME,
          password,
          PASSWORD_VARIABLE);
    }
  }

  static String randomPassword() {
    SecureRandom random = new SecureRandom();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return sb.toString();
  }
}
