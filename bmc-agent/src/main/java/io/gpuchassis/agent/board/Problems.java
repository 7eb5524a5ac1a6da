package io.gpuchassis.agent.board;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/**
 * The semantic problems the validator finds, each at the key it is about. Lines are looked up only
 * once all problems are in, because finding a key walks the YAML text again.
 */
final class Problems {

  /**
   * {@code lineAt} differs from {@code at} only for a missing key: the line shown is then of what
   * needs it.
   */
  private record Found(KeyPath at, KeyPath lineAt, String detail) {}

  private final List<Found> found = new ArrayList<>();

  void add(KeyPath at, String detail) {
    found.add(new Found(at, at, detail));
  }

  /**
   * A problem about the key {@code at} that is absent from the file, shown at the line of {@code
   * lineAt}.
   */
  void addMissing(KeyPath at, KeyPath lineAt, String detail) {
    found.add(new Found(at, lineAt, detail));
  }

  boolean isEmpty() {
    return found.isEmpty();
  }

  /**
   * The problems with the lines of their keys in {@code yaml}, ordered by line (stable, so by rule
   * within a line).
   */
  List<BoardProblem> locatedIn(String yaml) {
    return found.stream()
        .map(
            f ->
                new BoardProblem(
                    BoardYamlReader.lineOf(yaml, f.lineAt()), f.at().render(), f.detail()))
        .sorted(Comparator.comparingInt(problem -> lineOrLast(problem.line())))
        .toList();
  }

  private static int lineOrLast(OptionalInt line) {
    return line.orElse(Integer.MAX_VALUE);
  }
}
