package io.gpuchassis.agent.ethernet;

import java.util.Optional;
import java.util.Set;

/**
 * What the agent last learnt of a data-path port, for the views: the latest reading, the period
 * that ended with it (empty until two readings exist) and the conditions standing.
 */
public record PortStatus(
    DataPort port,
    Optional<PortReading> reading,
    Optional<PortRates> period,
    Set<PortCondition> conditions) {

  public PortStatus {
    conditions = Set.copyOf(conditions);
  }

  /** Not read yet: the agent has just started. */
  public static PortStatus unread(DataPort port) {
    return new PortStatus(port, Optional.empty(), Optional.empty(), Set.of());
  }
}
