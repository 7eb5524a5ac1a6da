package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * A GPIO line of the management processor, as the Linux GPIO character device names it.
 *
 * @param chip the gpiochip, e.g. {@code "gpiochip0"} ({@code /dev/gpiochip0})
 * @param line line offset within the chip
 */
public record GpioLineRef(String chip, int line) implements LineRef {

  public GpioLineRef {
    Objects.requireNonNull(chip, "chip");
  }

  @Override
  public String describe() {
    return "line " + line + " of " + chip;
  }
}
