package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;

/** How logins, sessions and accounts are limited against guessing, log flooding and hoarding (configuration key {@code authentication}; docs/SECURITY.md). Every key is optional; an absent one keeps its default. */
public record AuthenticationLimits() {

  public static final AuthenticationLimits DEFAULT = new AuthenticationLimits();

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  static AuthenticationLimits fromFile() {
    return DEFAULT;
  }
}
