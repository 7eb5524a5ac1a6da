package io.gpuchassis.agent.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The RoCE profile kept on the data-path ports the board file marks {@code roce: true}, and how
 * often it is checked.
 *
 * @param profile the profile ({@code dataPorts.roce.*})
 * @param checkInterval how often every RoCE port is read back and what differs re-applied: also how
 *     long a change behind the agent's back may go unseen
 */
public record RoceSettings(RoceProfile profile, Duration checkInterval) {

  public static final RoceSettings DEFAULT =
      new RoceSettings(RoceProfile.DEFAULT, Duration.ofSeconds(60));

  public RoceSettings {
    Objects.requireNonNull(profile);
    // each check runs eight tools a port
    Durations.requireWithin(
        "dataPorts.roce.checkInterval", checkInterval, Duration.ofMillis(100), Duration.ofHours(1));
  }
}
