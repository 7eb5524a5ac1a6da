package io.gpuchassis.agent.config;

import java.time.Duration;
import java.util.Optional;

/**
 * How the agent updates itself (docs/FIRMWARE.md, "The agent's own update").
 *
 * @param lowestSupportedVersion the oldest agent version an update installs without {@code
 *     ForceUpdate}; empty means any
 * @param trialDeadline how long an agent started from a new slot has to prove itself (Redfish
 *     served, every switch and sensor read, the journal replayed) before the launcher counts the
 *     start as failed
 */
public record SelfUpdateSettings(Optional<String> lowestSupportedVersion, Duration trialDeadline) {

  public static final Duration DEFAULT_TRIAL_DEADLINE = Duration.ofMinutes(2);

  public static final SelfUpdateSettings DEFAULT =
      new SelfUpdateSettings(Optional.empty(), DEFAULT_TRIAL_DEADLINE);

  public SelfUpdateSettings {
    Durations.requireWithin(
        "firmware.agentTrialDeadline", trialDeadline, Duration.ofSeconds(1), Duration.ofHours(1));
    if (lowestSupportedVersion.isPresent() && lowestSupportedVersion.get().isBlank()) {
      throw ConfigException.at(
          "firmware.agentLowestSupportedVersion",
          "firmware.agentLowestSupportedVersion must not be blank");
    }
  }
}
