package io.gpuchassis.agent.sim.topology;

import java.util.List;
import java.util.OptionalInt;

/**
 * A topology file could not be read or describes an impossible chassis.
 *
 * <p>Every problem names the source and the offending key the way it appears in the file, e.g.
 * {@code "small.yaml: slots[3].switch: unknown switch 'PSX9'"}. Problems found while parsing
 * also carry the line: {@code "small.yaml:12: slots[3].colour: unknown key 'colour' ..."}.
 * Semantic validation reports all problems at once, one per line of the message.
 */
public final class TopologyException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private static final int NO_LINE = 0;

  private final String source;
  private final List<String> problems;
  private final int line;

  /** A problem found while reading or parsing {@code source}; {@code line} is 1-based, 0 if unknown. */
  TopologyException(String source, int line, String problem, Throwable cause) {
    super(render(source, line, List.of(problem)), cause);
    this.source = source;
    this.problems = List.of(problem);
    this.line = line;
  }

  /** Semantic problems in {@code source}, each in {@code "<path>: <detail>"} form. */
  TopologyException(String source, List<String> problems) {
    super(render(source, NO_LINE, problems));
    this.source = source;
    this.problems = List.copyOf(problems);
    this.line = NO_LINE;
  }

  /** The file or classpath resource that was being loaded. */
  public String source() {
    return source;
  }

  /** The problems found, without the source prefix, e.g. {@code "slots[3].switch: ..."}. */
  public List<String> problems() {
    return problems;
  }

  /** The 1-based line of a parse problem; empty for semantic problems and I/O failures. */
  public OptionalInt line() {
    return line == NO_LINE ? OptionalInt.empty() : OptionalInt.of(line);
  }

  private static String render(String source, int line, List<String> problems) {
    String prefix = line == NO_LINE ? source + ": " : source + ":" + line + ": ";
    StringBuilder message = new StringBuilder();
    for (String problem : problems) {
      if (message.length() > 0) {
        message.append('\n');
      }
      message.append(prefix).append(problem);
    }
    return message.toString();
  }
}
