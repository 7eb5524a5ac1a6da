package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.Gpu;
import java.util.Optional;

/**
 * What a fresh look at a slot found: no card, a card in a slot without power (it cannot say who it
 * is: nothing is decided until the slot is powered), or a card and who it said it is ({@link
 * Gpu#unidentified} when it did not say).
 */
public record Card(State state, Optional<Gpu> gpu) {

  /** Whether a card is there and in what state. */
  public enum State {
    EMPTY,
    UNPOWERED,
    SEATED
  }

  public static Card empty() {
    return new Card(State.EMPTY, Optional.empty());
  }

  public static Card unpowered() {
    return new Card(State.UNPOWERED, Optional.empty());
  }

  public static Card seated(Gpu gpu) {
    return new Card(State.SEATED, Optional.of(gpu));
  }
}
