package io.gpuchassis.agent.board;

import java.util.Objects;

/**
 * A pin of a PCA9555 expander on the board.
 *
 * @param expanderId id of the {@link ExpanderDevice}
 * @param pin 0-15 (port 0 bits 0-7, then port 1 bits 0-7)
 */
public record ExpanderPinRef(String expanderId, int pin) implements LineRef {

  public ExpanderPinRef {
    Objects.requireNonNull(expanderId, "expanderId");
  }

  @Override
  public String describe() {
    return "pin " + pin + " of expander " + expanderId;
  }
}
