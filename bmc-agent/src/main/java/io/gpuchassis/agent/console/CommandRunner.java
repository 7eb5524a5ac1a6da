package io.gpuchassis.agent.console;

import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.security.SecurityLog;
import java.io.IOError;
import java.util.List;
import org.jline.reader.EndOfFileException;
import org.jline.reader.UserInterruptException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * Runs one typed line: parses it with picocli, answers {@code help} and {@code ?}, checks the
 * caller's privileges for the command against Redfish's privilege table, runs it, and records every
 * command that changes something in the security log (done, refused or failed), as Redfish records
 * its write requests.
 */
final class CommandRunner {

  private static final Logger LOG = LoggerFactory.getLogger(CommandRunner.class);

  private final CommandTree tree;
  private final SecurityLog log;

  CommandRunner(CommandTree tree, SecurityLog log) {
    this.tree = tree;
    this.log = log;
  }

  void run(List<String> words, ConsoleContext console) {
    if (words.isEmpty()) {
      return;
    }
    if (words.get(0).equals("help") || words.get(0).equals("?")) {
      help(words.subList(1, words.size()), console);
      return;
    }
    if (words.get(words.size() - 1).equals("?")) {
      help(words.subList(0, words.size() - 1), console);
      return;
    }
    ParseResult parsed;
    try {
      parsed = tree.root().parseArgs(words.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      console.println(e.getMessage());
      CommandSpec near = tree.resolve(words);
      console.println(
          near == tree.spec()
              ? "Type 'help' for the commands."
              : "Type '" + near.qualifiedName(" ").trim() + " ?' for help.");
      return;
    }
    ParseResult leaf = parsed;
    while (leaf.hasSubcommand()) {
      leaf = leaf.subcommand();
    }
    if (!(leaf.commandSpec().userObject() instanceof ConsoleCommand command)) {
      console.page(usage(leaf.commandSpec()));
      return;
    }
    Access access = command.access();
    String line = String.join(" ", words);
    if (!access.allows(console.caller())) {
      console.println(
          "Not allowed: this needs "
              + access.describe()
              + ", which the role "
              + console.caller().roleId()
              + " does not have.");
      audit(access, line, console, "refused: insufficient privilege");
      return;
    }
    try {
      command.run(console);
      audit(access, line, console, "done");
    } catch (CommandRefused refused) {
      console.println(refused.getMessage());
      audit(access, line, console, "refused: " + refused.getMessage());
    } catch (UserInterruptException | EndOfFileException | IOError e) {
      // ^C, the idle timeout or a dropped line in the middle of a prompt of the command: the
      // session handles them
      audit(access, line, console, "failed: interrupted before it was done");
      throw e;
    } catch (Exception e) {
      LOG.warn("Console command '{}' by {} failed", line, console.account().userName(), e);
      String reason = TaskFollower.reason(e);
      console.println("Failed: " + reason);
      audit(access, line, console, "failed: " + reason);
    }
  }

  private void audit(Access access, String line, ConsoleContext console, String outcome) {
    if (!access.changes()) {
      return;
    }
    List<String> args = List.of(line, console.account().userName(), console.address(), outcome);
    String severity = outcome.equals("done") ? "OK" : "Warning";
    log.record(
        severity,
        AuditMessages.CONSOLE_COMMAND.messageId(),
        AuditMessages.CONSOLE_COMMAND.format(args),
        args,
        console.account().userName(),
        console.address());
  }

  private void help(List<String> words, ConsoleContext console) {
    CommandSpec spec = tree.resolve(words);
    console.page(usage(spec));
  }

  /**
   * A command's help: the commands under it, each with its synopsis, description and the privileges
   * it needs.
   */
  private List<String> usage(CommandSpec spec) {
    List<String> lines = new java.util.ArrayList<>();
    if (spec == tree.spec()) {
      lines.add("Commands (Tab completes; '?' after any words explains them):");
    } else {
      lines.add(
          Columns.fit(
              spec.qualifiedName(" ").trim()
                  + ": "
                  + String.join(" ", spec.usageMessage().description())));
    }
    lines.addAll(tree.reference(spec));
    return lines;
  }
}
