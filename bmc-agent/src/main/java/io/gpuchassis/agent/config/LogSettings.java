package io.gpuchassis.agent.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How much the agent logs ({@code logging:} in the configuration; reloaded on SIGHUP).
 *
 * @param level the level of every logger not named in {@code levels}
 * @param levels levels of single loggers and their children, by logger (package or class) name,
 *     such as {@code io.gpuchassis.agent.http: debug}
 */
public record LogSettings(Level level, Map<String, Level> levels) {

  /** From most to least severe; a logger at a level logs that level and the more severe ones. */
  public enum Level {
    OFF,
    ERROR,
    WARN,
    INFO,
    DEBUG,
    TRACE;

    /** Reads {@code error}, {@code WARN}, ...; the message lists the levels. */
    public static Level parse(String text) {
      try {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException | NullPointerException e) {
        throw new ConfigException(
            "'" + text + "' is not one of: error, warn, info, debug, trace, off");
      }
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public static final LogSettings DEFAULT = new LogSettings(Level.INFO, Map.of());

  private static final Pattern LOGGER_NAME =
      Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*");

  public LogSettings {
    levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    for (String name : levels.keySet()) {
      if (!LOGGER_NAME.matcher(name).matches()) {
        throw ConfigException.at(
            "logging.levels." + name,
            "logging.levels: '" + name + "' is not a logger name such as io.gpuchassis.agent.http");
      }
    }
  }

  /** From the file's text: absent keys keep {@code base}'s value. */
  static LogSettings fromFile(LogSettings base, String level, Map<String, String> levels) {
    Level root = level == null ? base.level : parse("logging.level", level);
    Map<String, Level> named = new LinkedHashMap<>();
    if (levels != null) {
      levels.forEach((name, text) -> named.put(name, parse("logging.levels." + name, text)));
    } else {
      named.putAll(base.levels);
    }
    return new LogSettings(root, named);
  }

  private static Level parse(String key, String text) {
    try {
      return Level.parse(text);
    } catch (ConfigException e) {
      throw ConfigException.at(key, key + ": " + e.getMessage(), e);
    }
  }
}
