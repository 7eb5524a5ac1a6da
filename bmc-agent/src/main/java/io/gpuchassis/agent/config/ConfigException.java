package io.gpuchassis.agent.config;

import java.util.Optional;

/**
 * A bad option or configuration value; the message names the offending setting. One that knows its
 * key path (such as {@code http.maxConnections}) lets {@link ConfigFile} point at the line of the
 * file where that key was written.
 */
public final class ConfigException extends RuntimeException {

  private final String key;
  private final int line;

  public ConfigException(String message) {
    this(null, 0, message, null);
  }

  public ConfigException(String message, Throwable cause) {
    this(null, 0, message, cause);
  }

  private ConfigException(String key, int line, String message, Throwable cause) {
    super(message, cause);
    this.key = key;
    this.line = line;
  }

  /**
   * A bad value of {@code key} (a dotted path such as {@code console.baud}); {@code message} names
   * the key itself.
   */
  public static ConfigException at(String key, String message) {
    return new ConfigException(key, 0, message, null);
  }

  /** {@code cause}'s problem, now known to belong to {@code key}. */
  static ConfigException at(String key, String message, Throwable cause) {
    return new ConfigException(key, 0, message, cause);
  }

  /**
   * A problem found at {@code line} of a file (1 is the first; 0: unknown), of {@code key} when not
   * null.
   */
  static ConfigException atLine(int line, String key, String message, Throwable cause) {
    return new ConfigException(key, line, message, cause);
  }

  /** The line of the file the problem was found on; 0 when unknown. */
  int line() {
    return line;
  }

  /** The dotted key path of the bad setting, when known. */
  public Optional<String> key() {
    return Optional.ofNullable(key);
  }
}
