package io.gpuchassis.agent.console;

import io.gpuchassis.agent.security.Account;

/**
 * Asks for a new password twice and sets it as the account's own choice, under the accounts'
 * password policy.
 */
final class PasswordChange {

  private PasswordChange() {}

  static void ask(ConsoleContext console) {
    String first = console.readSecret("New password: ");
    console
        .accounts()
        .passwordProblem(first)
        .ifPresent(
            problem -> {
              throw new CommandRefused(
                  "The password does not meet the policy: " + problem + ". Nothing changed.");
            });
    String second = console.readSecret("Repeat the new password: ");
    if (!first.equals(second)) {
      throw new CommandRefused("The two passwords differ. Nothing changed.");
    }
    try {
      Account changed =
          console.accounts().changeOwnPassword(console.account(), first, console.address());
      console.accountChanged(changed);
    } catch (IllegalArgumentException e) {
      throw new CommandRefused(e.getMessage());
    }
    console.println("Password changed.");
  }
}
