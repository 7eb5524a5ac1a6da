package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;

/** Where the agent may connect on a client's behalf: event destinations and SimpleUpdate image URIs, and the limits of event streams and subscriptions (configuration key {@code outbound}; docs/SECURITY.md). Every key is optional; an absent one keeps its default. */
public record OutboundPolicy() {

  public static final OutboundPolicy DEFAULT = new OutboundPolicy();

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  static OutboundPolicy fromFile() {
    return DEFAULT;
  }
}
