package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The management processor's serial port where the technician's console runs (8N1, no flow
 * control).
 *
 * @param device absolute path of the serial device, e.g. {@code "/dev/ttymxc1"}
 * @param baud line speed; 115200 when the file gives none
 */
public record ConsolePort(String device, int baud) {

  public ConsolePort {
    Objects.requireNonNull(device, "device");
  }
}
