package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The redundancy policy of the chassis power supplies, as in Redfish {@code
 * PowerSubsystem.PowerSupplyRedundancy}.
 *
 * @param type the kind of redundancy
 * @param minNeeded how many supplies must work to power the full chassis (Redfish {@code
 *     MinNeededInGroup}); N+1 with two supplies is {@code NPlusM} with minNeeded 1
 */
public record PowerSupplyRedundancy(RedundancyType type, int minNeeded) {

  public PowerSupplyRedundancy {
    Objects.requireNonNull(type, "type");
  }
}
