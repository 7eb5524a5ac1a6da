package io.gpuchassis.sensor.layout;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The MAX31790-class fan controller and its fans.
 *
 * @param pulsesPerRevolution tach pulses per fan revolution
 */
public record FanControllerSpec(I2cLocation location, int pulsesPerRevolution, List<FanSpec> fans) {

  public FanControllerSpec {
    fans = List.copyOf(fans);
    Set<Integer> channels = new HashSet<>();
    for (FanSpec f : fans) {
      if (!channels.add(f.channel())) {
        throw new IllegalArgumentException("two fans on channel " + f.channel());
      }
    }
  }
}
