package io.gpuchassis.agent.board;

import java.util.List;
import java.util.Objects;

/**
 * A MAX31790 fan controller and the fans on its channels.
 *
 * @param id board-unique id, e.g. {@code "FanController"}
 * @param path where the controller answers
 * @param pulsesPerRevolution tach pulses per fan revolution, the same for all its fans
 * @param fans up to six fans, each on its own channel, in file order
 */
public record FanControllerDevice(
    String id, I2cPath path, int pulsesPerRevolution, List<FanChannel> fans) implements I2cDevice {

  public FanControllerDevice {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(path, "path");
    fans = List.copyOf(fans);
  }

  @Override
  public I2cPart part() {
    return I2cPart.MAX31790;
  }
}
