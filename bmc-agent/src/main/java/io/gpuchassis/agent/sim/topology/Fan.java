package io.gpuchassis.agent.sim.topology;

import java.util.Objects;

/**
 * A chassis fan.
 *
 * @param id chassis-unique id, e.g. {@code "Fan1"}
 * @param maxRpm speed at 100 % duty, in revolutions per minute
 */
public record Fan(String id, int maxRpm) {

  public Fan {
    Objects.requireNonNull(id, "id");
  }
}
