package io.gpuchassis.agent.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads durations as operators write them in configuration files ({@code 500ms}, {@code 2s}, {@code
 * 5m}, {@code 1h}) and writes them back the same way in messages, never in ISO-8601 ({@code
 * PT0.5S}).
 */
public final class Durations {

  private static final Pattern FORM = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h)");

  private Durations() {}

  public static Duration parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new ConfigException("'" + text + "' is not a duration such as 500ms, 2s, 5m or 1h");
    }
    long amount = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      case "m" -> Duration.ofMinutes(amount);
      default -> Duration.ofHours(amount);
    };
  }

  /**
   * {@code d} the way {@link #parse} reads it, in its largest exact unit: {@code 1h}, {@code 10m},
   * {@code 500ms}.
   */
  public static String text(Duration d) {
    long millis = d.toMillis();
    if (millis != 0 && millis % 3_600_000 == 0) {
      return d.toHours() + "h";
    }
    if (millis != 0 && millis % 60_000 == 0) {
      return d.toMinutes() + "m";
    }
    return millis % 1000 == 0 ? d.toSeconds() + "s" : millis + "ms";
  }

  /**
   * Throws unless {@code value} lies within {@code min..max}; the message names {@code key} and
   * uses this notation.
   */
  static void requireWithin(String key, Duration value, Duration min, Duration max) {
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw ConfigException.at(
          key,
          key + " must lie between " + text(min) + " and " + text(max) + ", not " + text(value));
    }
  }

  /** {@code text} parsed, or a message naming {@code key}. */
  static Duration parse(String key, String text) {
    try {
      return parse(text);
    } catch (ConfigException e) {
      throw ConfigException.at(key, key + ": " + e.getMessage(), e);
    }
  }
}
