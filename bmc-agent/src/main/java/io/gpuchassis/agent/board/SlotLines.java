package io.gpuchassis.agent.board;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the slot connector's sideband signals are wired; a signal the board does not route to the
 * management processor or the switch is empty.
 *
 * @param presence PRSNT#, input, active low (low = card seated)
 * @param powerEnable the slot power switch's enable, output, active high (high = power on)
 * @param perst PERST#, output, active low (low = card held in reset)
 * @param attentionLed the slot's attention LED, output, active high (high = lit)
 */
public record SlotLines(
    Optional<LineRef> presence,
    Optional<LineRef> powerEnable,
    Optional<LineRef> perst,
    Optional<LineRef> attentionLed) {

  /** A slot with none of its signals wired to the agent. */
  public static final SlotLines NONE =
      new SlotLines(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

  public SlotLines {
    Objects.requireNonNull(presence, "presence");
    Objects.requireNonNull(powerEnable, "powerEnable");
    Objects.requireNonNull(perst, "perst");
    Objects.requireNonNull(attentionLed, "attentionLed");
  }
}
