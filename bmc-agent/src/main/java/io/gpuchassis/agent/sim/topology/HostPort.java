package io.gpuchassis.agent.sim.topology;

import java.util.Objects;

/**
 * A host connection: an upstream switch port cabled to a host server.
 *
 * @param id host id as labelled on the chassis, e.g. {@code "Host1"}
 * @param port the switch port the host cable plugs into
 */
public record HostPort(String id, SwitchPort port) {

  public HostPort {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(port, "port");
  }
}
