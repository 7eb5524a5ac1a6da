package io.gpuchassis.agent.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Tab completion from the command tree itself: command names where a command may follow, the words
 * of a choice ({@code on|off}), options after a dash, and the chassis' own names where a parameter
 * names one of them (SLOT, HOST, SWITCH, SENSOR, USER, KIND), read afresh at every Tab.
 */
final class CommandCompleter implements Completer {

  private final CommandTree tree;
  private final Map<String, Supplier<List<String>>> names;

  /**
   * @param names the current names for each parameter label that names a thing of the chassis
   */
  CommandCompleter(CommandTree tree, Map<String, Supplier<List<String>>> names) {
    this.tree = tree;
    this.names = names;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    List<String> before = line.words().subList(0, line.wordIndex());
    CommandSpec spec = tree.spec();
    int positional = 0;
    for (String word : before) {
      CommandLine sub = spec.subcommands().get(word);
      if (sub != null) {
        spec = sub.getCommandSpec();
        positional = 0;
      } else if (!word.startsWith("-")) {
        positional++;
      }
    }
    List<String> words = new ArrayList<>();
    PositionalParamSpec parameter = positionalAt(spec, positional);
    if (parameter != null) {
      words.addAll(valuesOf(parameter));
    } else {
      spec.subcommands()
          .forEach(
              (name, sub) -> {
                if (!sub.getCommandSpec().usageMessage().hidden()) {
                  words.add(name);
                }
              });
    }
    if (line.word().startsWith("-")) {
      for (OptionSpec o : spec.options()) {
        words.add(o.longestName());
      }
    }
    for (String w : words) {
      candidates.add(new Candidate(w, w, null, null, null, null, true));
    }
  }

  private static PositionalParamSpec positionalAt(CommandSpec spec, int index) {
    for (PositionalParamSpec p : spec.positionalParameters()) {
      if (p.index().contains(index)) {
        return p;
      }
    }
    return null;
  }

  private List<String> valuesOf(PositionalParamSpec p) {
    Supplier<List<String>> known = names.get(p.paramLabel());
    if (known != null) {
      return known.get();
    }
    List<String> values = new ArrayList<>();
    if (p.completionCandidates() != null) {
      p.completionCandidates().forEach(values::add);
    }
    return values;
  }
}
