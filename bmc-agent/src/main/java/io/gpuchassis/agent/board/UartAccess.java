package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The chip's serial console (8N1, no flow control).
 *
 * @param device absolute path of the serial device, e.g. {@code "/dev/ttyS2"}
 * @param baud line speed; the Switchtec console runs at {@link #DEFAULT_BAUD}
 */
public record UartAccess(String device, int baud) implements SwitchAccess {

  /** The Switchtec console's factory speed, used when the file gives none. */
  public static final int DEFAULT_BAUD = 230_400;

  public UartAccess {
    Objects.requireNonNull(device, "device");
  }

  @Override
  public String describe() {
    return device + " at " + baud + " baud";
  }
}
