package io.gpuchassis.agent.board;

import io.gpuchassis.agent.chassis.Fan;
import java.util.Objects;

/**
 * A fan on a fan-controller channel (its PWM output and tach input).
 *
 * @param fan the chassis model's fan
 * @param channel controller channel, 0-5
 */
public record FanChannel(Fan fan, int channel) {

  public FanChannel {
    Objects.requireNonNull(fan, "fan");
  }
}
