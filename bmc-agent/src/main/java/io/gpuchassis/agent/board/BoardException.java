package io.gpuchassis.agent.board;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A board file could not be read or describes a board that cannot exist.
 *
 * <p>The message has one line per problem, each naming the file, the line and the key as written:
 * {@code "board.yaml:46: slots[2].pins.presence.expander: unknown expander 'SlotIo9'; expanders
 * are: SlotIo1, SlotIo2"}. A structural problem (YAML syntax, unknown or missing key, wrong type)
 * stops the parse and is reported alone; semantic problems are all reported together, in the order
 * of their lines.
 */
public final class BoardException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final transient List<BoardProblem> problems;

  BoardException(String source, List<BoardProblem> problems, Throwable cause) {
    super(render(source, problems), cause);
    this.source = source;
    this.problems = List.copyOf(problems);
  }

  BoardException(String source, BoardProblem problem, Throwable cause) {
    this(source, List.of(problem), cause);
  }

  /** The file path or classpath resource that was being loaded. */
  public String source() {
    return source;
  }

  /** The problems found, at least one, in the order of the message. */
  public List<BoardProblem> problems() {
    return problems;
  }

  private static String render(String source, List<BoardProblem> problems) {
    return problems.stream()
        .map(problem -> problem.render(source))
        .collect(Collectors.joining("\n"));
  }
}
