package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;

/** The HTTPS server's limits against clients that hold connections or trickle requests (configuration key {@code http}; docs/SECURITY.md). Every key is optional; an absent one keeps its default. */
public record HttpLimits() {

  public static final HttpLimits DEFAULT = new HttpLimits();

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  static HttpLimits fromFile() {
    return DEFAULT;
  }
}
