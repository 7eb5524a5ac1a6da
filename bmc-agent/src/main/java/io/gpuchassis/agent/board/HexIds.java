package io.gpuchassis.agent.board;

import java.util.Locale;

/** Formatting of numeric IDs the way they are written in board files and lspci. */
final class HexIds {

  private HexIds() {}

  /** Formats {@code value} as {@code 0x} plus at least {@code digits} lower-case hex digits. */
  static String format(int value, int digits) {
    return String.format(Locale.ROOT, "0x%0" + digits + "x", value);
  }
}
