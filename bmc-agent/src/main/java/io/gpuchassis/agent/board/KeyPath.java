package io.gpuchassis.agent.board;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a key sits in the board file, as steps from the document root: keys ({@link String}) and
 * 0-based list indexes ({@link Integer}). Rendered the way a person finds it in the file, e.g.
 * {@code slots[2].pins.presence.expander}.
 */
record KeyPath(List<Object> steps) {

  static final KeyPath ROOT = new KeyPath(List.of());

  KeyPath {
    steps = List.copyOf(steps);
  }

  static KeyPath of(String key) {
    return ROOT.key(key);
  }

  KeyPath key(String key) {
    return append(key);
  }

  KeyPath index(int index) {
    return append(index);
  }

  /** The path without its last step; the root for the root. */
  KeyPath parent() {
    return steps.isEmpty() ? this : new KeyPath(steps.subList(0, steps.size() - 1));
  }

  /** {@code slots[2].pins}, or {@code (document)} for the root. */
  String render() {
    if (steps.isEmpty()) {
      return "(document)";
    }
    StringBuilder text = new StringBuilder();
    for (Object step : steps) {
      if (step instanceof Integer index) {
        text.append('[').append(index).append(']');
      } else {
        text.append(text.length() == 0 ? "" : ".").append(step);
      }
    }
    return text.toString();
  }

  @Override
  public String toString() {
    return render();
  }

  private KeyPath append(Object step) {
    List<Object> longer = new ArrayList<>(steps);
    longer.add(step);
    return new KeyPath(longer);
  }
}
