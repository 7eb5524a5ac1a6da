package io.gpuchassis.agent.ethernet;

import java.time.Instant;
import java.util.Optional;

/**
 * A RoCE port's profile as the views show it: the latest check, and how often the port was found
 * drifted from a profile it had held and put right again.
 *
 * @param port the port
 * @param last the latest check; empty before the first one
 * @param driftsCorrected checks that found a held item changed behind the agent's back and
 *     re-applied it
 * @param lastDrift when the latest such check ended
 */
public record RoceStatus(
    DataPort port, Optional<RoceCheck> last, long driftsCorrected, Optional<Instant> lastDrift) {

  static RoceStatus unchecked(DataPort port) {
    return new RoceStatus(port, Optional.empty(), 0, Optional.empty());
  }
}
