package io.gpuchassis.agent.console;

/** The console's width: 80 columns, the width every serial terminal has. */
final class Columns {

  static final int WIDTH = 80;

  private Columns() {}

  /** {@code line} cut to the width, with a '~' where it was cut. */
  static String fit(String line) {
    return line.length() <= WIDTH ? line : line.substring(0, WIDTH - 1) + "~";
  }

  /** {@code text} broken into lines of the width at spaces, each starting with {@code indent}. */
  static java.util.List<String> wrap(String text, String indent) {
    java.util.List<String> lines = new java.util.ArrayList<>();
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
        lines.add(fit(line.toString()));
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(fit(line.toString()));
    return lines;
  }
}
