package io.gpuchassis.agent.console;

import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.vertx.core.http.HttpMethod;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code password} (one's own) and {@code account unlock USER}: the ManagerAccount changes a
 * console user needs.
 */
final class AccountCommands {

  private AccountCommands() {}

  @Command(
      name = "password",
      description = "Change your own password (asks for the new one twice).")
  static final class Password extends ConsoleCommand {

    @Override
    Access access() {
      // Redfish lets ConfigureSelf change the Password of one's own account (Privilege Registry
      // property override).
      return Access.changing("ManagerAccount", HttpMethod.PATCH)
          .onlyWith(PrivilegeRule.allOf(Privilege.ConfigureSelf).or(Privilege.ConfigureUsers));
    }

    @Override
    void run(ConsoleContext console) {
      PasswordChange.ask(console);
    }
  }

  @Command(name = "account", description = "Manage accounts.", subcommands = Unlock.class)
  static final class Account {}

  @Command(
      name = "unlock",
      description = "Lift the lockout of account USER after too many failed logins.")
  static final class Unlock extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "USER", description = "The account's user name.")
    String user;

    @Override
    Access access() {
      // Locked is not a property ConfigureSelf reaches: only account administrators unlock.
      return Access.changing("ManagerAccount", HttpMethod.PATCH)
          .onlyWith(PrivilegeRule.allOf(Privilege.ConfigureUsers));
    }

    @Override
    void run(ConsoleContext console) {
      if (!console.accounts().unlock(user, console.account().userName(), console.address())) {
        throw new CommandRefused("There is no account " + user + ".");
      }
      console.println("Account " + user + " is unlocked.");
    }
  }
}
