package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * The chip's TWI (I2C slave) management interface.
 *
 * @param path where the chip answers
 */
public record I2cAccess(I2cPath path) implements SwitchAccess {

  public I2cAccess {
    Objects.requireNonNull(path, "path");
  }

  @Override
  public String describe() {
    return path.describe();
  }
}
