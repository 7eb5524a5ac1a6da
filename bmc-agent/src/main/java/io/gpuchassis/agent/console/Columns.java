package io.gpuchassis.agent.console;

/** The console's width: 80 columns, the width every serial terminal has. */
final class Columns {

  static final int WIDTH = 80;

  private Columns() {}

  /** {@code line} cut to the width, with a '~' where it was cut. */
  static String fit(String line) {
    return line.length() <= WIDTH ? line : line.substring(0, WIDTH - 1) + "~";
  }
}
