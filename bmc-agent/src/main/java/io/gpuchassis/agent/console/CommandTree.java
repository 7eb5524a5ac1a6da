package io.gpuchassis.agent.console;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Every console command, as one picocli command tree per session (picocli keeps the parsed values
 * in the command objects, so sessions do not share them). Groups such as {@code show} only name
 * their subcommands; the leaves are {@link ConsoleCommand}s.
 */
final class CommandTree {

  @Command(name = "", description = "The chassis console.")
  static final class Root {}

  private final CommandLine root;

  CommandTree(boolean simulated) {
    root = new CommandLine(new Root());
    for (Object command :
        List.of(
            new ShowCommands.Show(),
            new BindCommands.Bind(),
            new BindCommands.Unbind(),
            new SlotCommands.SlotGroup(),
            new SlotCommands.Locate(),
            new FirmwareCommands.Firmware(),
            new FirmwareCommands.SwitchGroup(),
            new AccountCommands.Password(),
            new AccountCommands.Account(),
            new SessionCommands.History(),
            new SessionCommands.Terminal(),
            new SessionCommands.Logout())) {
      root.addSubcommand(command);
    }
    if (simulated) {
      root.addSubcommand(new FaultCommands.Fault());
    }
    root.setUsageHelpWidth(Columns.WIDTH);
    root.setCaseInsensitiveEnumValuesAllowed(true);
  }

  CommandLine root() {
    return root;
  }

  CommandSpec spec() {
    return root.getCommandSpec();
  }

  /** The command that {@code words} name, as deep as they go (the root when they name none). */
  CommandSpec resolve(List<String> words) {
    CommandSpec spec = spec();
    for (String word : words) {
      CommandLine sub = spec.subcommands().get(word);
      if (sub != null) {
        spec = sub.getCommandSpec();
      }
    }
    return spec;
  }

  /** One line per command under {@code spec}: its synopsis, then its description. */
  List<String> reference(CommandSpec spec) {
    List<String> lines = new ArrayList<>();
    collect(spec, lines);
    return lines;
  }

  private void collect(CommandSpec spec, List<String> lines) {
    if (spec.userObject() instanceof ConsoleCommand command) {
      String synopsis = synopsis(spec);
      String description = String.join(" ", spec.usageMessage().description());
      lines.add(Columns.fit("  " + synopsis + "   [" + command.access().describe() + "]"));
      lines.addAll(Columns.wrap(description, "      "));
    }
    for (CommandLine sub : new java.util.LinkedHashSet<>(spec.subcommands().values())) {
      collect(sub.getCommandSpec(), lines);
    }
  }

  /** How the command is typed, e.g. {@code bind slot SLOT host HOST}. */
  static String synopsis(CommandSpec spec) {
    List<String> parts = new ArrayList<>();
    for (CommandSpec s = spec; s != null && s.parent() != null; s = s.parent()) {
      List<String> own = new ArrayList<>();
      own.add(s.name());
      for (PositionalParamSpec p : s.positionalParameters()) {
        own.add(p.arity().min() == 0 ? "[" + label(p) + "]" : label(p));
      }
      parts.addAll(0, own);
    }
    for (OptionSpec o : spec.options()) {
      if (!o.usageHelp() && !o.versionHelp()) {
        parts.add("[" + o.longestName() + (o.arity().max() > 0 ? " " + o.paramLabel() : "") + "]");
      }
    }
    return String.join(" ", parts);
  }

  /** A parameter's label; for a word chosen from a list, the list ({@code on|off|cycle}). */
  static String label(PositionalParamSpec p) {
    if (p.completionCandidates() != null && p.type().isEnum()) {
      List<String> values = new ArrayList<>();
      p.completionCandidates().forEach(values::add);
      return String.join("|", values);
    }
    return p.paramLabel();
  }
}
