package io.gpuchassis.agent.config;

import io.gpuchassis.sensor.poll.StuckReadingDetector;

/**
 * How the agent judges the chassis sensors.
 *
 * @param stuckAfterSamples identical reads in a row after which a fine-resolution temperature
 *     sensor counts as frozen (an invalid reading); the default, 60, is a minute at the production
 *     poll of 1 s and practically never trips on a live sensor (see {@link StuckReadingDetector})
 */
public record SensorSettings(int stuckAfterSamples) {

  public static final SensorSettings DEFAULT =
      new SensorSettings(StuckReadingDetector.DEFAULT_SAMPLES);
  static final int MAX_STUCK_SAMPLES = 86_400;

  public SensorSettings {
    if (stuckAfterSamples < 2 || stuckAfterSamples > MAX_STUCK_SAMPLES) {
      throw ConfigException.at(
          "sensors.stuckAfterSamples",
          "sensors.stuckAfterSamples must lie between 2 and "
              + MAX_STUCK_SAMPLES
              + ", not "
              + stuckAfterSamples);
    }
  }
}
