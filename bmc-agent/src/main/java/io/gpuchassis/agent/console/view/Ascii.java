package io.gpuchassis.agent.console.view;

/** Text made safe and short enough for a serial terminal. */
final class Ascii {

  /** Marks a value cut to fit. */
  static final char CUT = '~';

  private Ascii() {}

  /**
   * Printable ASCII only: names, addresses and messages can come from clients, and a control
   * character would let them move the cursor or recolour a technician's terminal. Anything else
   * becomes {@code ?}.
   */
  static String clean(String text) {
    StringBuilder b = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : c == '\t' || c == '\n' || c == '\r' ? ' ' : '?');
    }
    return b.toString();
  }

  /**
   * {@code text} in at most {@code width} columns, ending in {@link #CUT} when something was cut.
   */
  static String cut(String text, int width) {
    if (text.length() <= width) {
      return text;
    }
    return width <= 0 ? "" : text.substring(0, width - 1) + CUT;
  }

  static String stripTrailing(String text) {
    int end = text.length();
    while (end > 0 && text.charAt(end - 1) == ' ') {
      end--;
    }
    return text.substring(0, end);
  }
}
