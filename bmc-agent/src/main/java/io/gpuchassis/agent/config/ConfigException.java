package io.gpuchassis.agent.config;

/** A bad option or configuration value; the message names the offending setting. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
