package io.gpuchassis.agent.console.view;

import java.util.ArrayList;
import java.util.List;

/**
 * Labelled values, one per line ({@code Serial number : ABC123}), the labels padded to one width so
 * the values line up; a value too long for the terminal is cut with {@code ~}.
 */
final class Fields {

  private final List<String[]> fields = new ArrayList<>();

  /** Adds a field; a null value is shown as {@code -}. */
  Fields add(String label, Object value) {
    fields.add(
        new String[] {Ascii.clean(label), Ascii.clean(value == null ? "-" : value.toString())});
    return this;
  }

  List<String> lines() {
    int width = fields.stream().mapToInt(f -> f[0].length()).max().orElse(0);
    List<String> lines = new ArrayList<>(fields.size());
    for (String[] f : fields) {
      String line = f[0] + " ".repeat(width - f[0].length()) + " : " + f[1];
      lines.add(Ascii.cut(Ascii.stripTrailing(line), TextTable.WIDTH));
    }
    return lines;
  }
}
