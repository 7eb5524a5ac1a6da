package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The redundancy policy of the chassis power supplies, as in Redfish {@code
 * PowerSubsystem.PowerSupplyRedundancy}.
 *
 * @param type the kind of redundancy
 * @param minNeeded how many supplies must work to power the full chassis (Redfish {@code
 *     MinNeededInGroup}); N+1 with two supplies is {@code NPlusM} with minNeeded 1
 * @param chassisLoadWatts what the chassis draws without its GPUs (switches, fans, retimers, the
 *     management processor): the supplies carry it before any GPU
 */
public record PowerSupplyRedundancy(RedundancyType type, int minNeeded, int chassisLoadWatts) {

  public PowerSupplyRedundancy {
    Objects.requireNonNull(type, "type");
  }

  /** A policy that counts no load of the chassis itself. */
  public PowerSupplyRedundancy(RedundancyType type, int minNeeded) {
    this(type, minNeeded, 0);
  }
}
