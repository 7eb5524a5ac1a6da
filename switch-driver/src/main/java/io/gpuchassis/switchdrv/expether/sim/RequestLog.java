package io.gpuchassis.switchdrv.expether.sim;

import java.util.ArrayList;
import java.util.List;

/** Every request line the simulated manager received, {@code METHOD path?query} under /eem/. */
final class RequestLog {

  private final List<String> lines = new ArrayList<>();

  synchronized void add(String line) {
    lines.add(line);
  }

  synchronized List<String> snapshot() {
    return List.copyOf(lines);
  }

  synchronized void clear() {
    lines.clear();
  }
}
