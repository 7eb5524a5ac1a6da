package io.gpuchassis.agent.board;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * One thing wrong with a board file.
 *
 * @param line 1-based line of the offending key; empty when the problem is not at a key (the file
 *     cannot be read, is empty)
 * @param keyPath the key as written in the file, e.g. {@code slots[2].pins.presence.expander};
 *     empty when the problem is not at a key
 * @param detail what is wrong, and where it helps, what is allowed
 */
public record BoardProblem(OptionalInt line, String keyPath, String detail) {

  public BoardProblem {
    Objects.requireNonNull(line, "line");
    Objects.requireNonNull(keyPath, "keyPath");
    Objects.requireNonNull(detail, "detail");
  }

  /** The problem without its source: {@code "slots[2].pins.presence.expander: unknown ..."}. */
  public String text() {
    return keyPath.isEmpty() ? detail : keyPath + ": " + detail;
  }

  /** The problem as one line of an error message: {@code "board.yaml:46: slots[2]...: ..."}. */
  public String render(String source) {
    String at = line.isPresent() ? source + ":" + line.getAsInt() : source;
    return at + ": " + text();
  }
}
