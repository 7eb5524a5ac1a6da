package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * A PCA9555 16-pin I/O expander; slot lines name its pins.
 *
 * @param id board-unique id, e.g. {@code "SlotIo1"}
 * @param path where the expander answers
 */
public record ExpanderDevice(String id, I2cPath path) implements I2cDevice {

  /** Pins 0-15: port 0 bits 0-7, then port 1 bits 0-7. */
  public static final int PINS = 16;

  public ExpanderDevice {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(path, "path");
  }

  @Override
  public I2cPart part() {
    return I2cPart.PCA9555;
  }
}
