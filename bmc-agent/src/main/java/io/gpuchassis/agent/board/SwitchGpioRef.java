package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * A GPIO pin owned by a switch chip's firmware (e.g. a connector's PRSNT# or PERST# routed to the
 * switch), read and set through the Switchtec VGPIO MRPC.
 *
 * @param switchId id of the switch chip
 * @param pin the chip's GPIO number
 */
public record SwitchGpioRef(String switchId, int pin) implements LineRef {

  public SwitchGpioRef {
    Objects.requireNonNull(switchId, "switchId");
  }

  @Override
  public String describe() {
    return "GPIO " + pin + " of switch " + switchId;
  }
}
