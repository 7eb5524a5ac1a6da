package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The chip's management endpoint through the Linux kernel's switchtec driver, for a management
 * processor that is the PCIe root of that endpoint.
 *
 * @param device absolute path of the driver's char device, e.g. {@code "/dev/switchtec0"}
 */
public record InbandAccess(String device) implements SwitchAccess {

  public InbandAccess {
    Objects.requireNonNull(device, "device");
  }

  @Override
  public String describe() {
    return "switchtec device " + device;
  }
}
