package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * What a simulated switch chip reports about itself; a real chip is asked.
 *
 * @param serialNumber the chip's serial number
 * @param firmwareVersion the running firmware version
 */
public record SimulatedSwitchIdentity(String serialNumber, String firmwareVersion) {

  public SimulatedSwitchIdentity {
    Objects.requireNonNull(serialNumber, "serialNumber");
    Objects.requireNonNull(firmwareVersion, "firmwareVersion");
  }
}
