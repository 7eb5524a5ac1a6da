package io.gpuchassis.agent.console.view;

import java.util.List;

/** The tail of a log: a console shows the newest entries, not a thousand lines. */
final class Limits {

  private Limits() {}

  /** The last {@code limit} items of {@code oldestFirst} (none for a limit below one). */
  static <T> List<T> newest(List<T> oldestFirst, int limit) {
    int n = Math.max(0, Math.min(limit, oldestFirst.size()));
    return oldestFirst.subList(oldestFirst.size() - n, oldestFirst.size());
  }
}
