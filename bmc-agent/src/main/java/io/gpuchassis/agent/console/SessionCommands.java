package io.gpuchassis.agent.console;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** Commands about the console session itself: leaving it, its terminal, its history. */
final class SessionCommands {

  private SessionCommands() {}

  /**
   * Every logged-in user may run these: reading the SessionService needs Login, which every role
   * has.
   */
  static Access loggedIn() {
    return Access.reading("SessionService");
  }

  @Command(
      name = "logout",
      aliases = {"exit", "quit"},
      description = "End this console session.")
  static final class Logout extends ConsoleCommand {
    @Override
    Access access() {
      return loggedIn();
    }

    @Override
    void run(ConsoleContext console) {
      console.logout();
    }
  }

  @Command(
      name = "terminal",
      description = "Settings of this terminal.",
      subcommands = Length.class)
  static final class Terminal {}

  @Command(
      name = "length",
      description = "Lines per page before --More-- (0: never pause; default 24).")
  static final class Length extends ConsoleCommand {
    @Parameters(index = "0", paramLabel = "LINES", description = "Lines per screen, 0 or 2 to 500.")
    int lines;

    @Override
    Access access() {
      return loggedIn();
    }

    @Override
    void run(ConsoleContext console) {
      if (lines != 0 && (lines < 2 || lines > 500)) {
        throw new CommandRefused("The length must be 0 or between 2 and 500.");
      }
      console.pager().setLength(lines);
      console.println(
          lines == 0 ? "Output is no longer paged." : "Pages are " + lines + " lines long.");
    }
  }

  @Command(name = "history", description = "The commands typed in this session.")
  static final class History extends ConsoleCommand {
    @Override
    Access access() {
      return loggedIn();
    }

    @Override
    void run(ConsoleContext console) {
      List<String> lines = new ArrayList<>();
      lines.addAll(console.history());
      console.page(lines);
    }
  }
}
