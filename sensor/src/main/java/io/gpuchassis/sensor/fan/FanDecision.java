package io.gpuchassis.sensor.fan;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of one control step.
 *
 * @param dutyPercent duty for every fan of the zone
 * @param mode normal or which failsafe
 * @param hottestSensor the input with the smallest margin (normal mode)
 * @param hottestMargin its margin, °C (NaN in failsafe)
 * @param causes the sensors or fans that forced failsafe
 */
public record FanDecision(
    double dutyPercent,
    FanMode mode,
    Optional<String> hottestSensor,
    double hottestMargin,
    List<String> causes) {

  public FanDecision {
    causes = List.copyOf(causes);
  }
}
