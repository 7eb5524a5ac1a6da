package io.gpuchassis.agent.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads durations as operators write them in configuration files: {@code 500ms}, {@code 2s}, {@code 5m}. */
public final class Durations {

  private static final Pattern FORM = Pattern.compile("(\\d{1,9})\\s*(ms|s|m)");

  private Durations() {}

  public static Duration parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new ConfigException("'" + text + "' is not a duration such as 500ms, 2s or 5m");
    }
    long amount = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      default -> Duration.ofMinutes(amount);
    };
  }

  /** {@code d} the way {@link #parse} reads it: {@code 10m}, {@code 30s}, {@code 500ms}. */
  public static String text(Duration d) {
    if (d.toMillis() % 60_000 == 0) {
      return d.toMinutes() + "m";
    }
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }
}
