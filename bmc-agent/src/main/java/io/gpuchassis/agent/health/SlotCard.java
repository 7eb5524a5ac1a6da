package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.device.gpu.GpuIdentity;
import java.util.Optional;

/**
 * What a slot's lines and sideband say of its card at one moment: whether a card is there, whether
 * the slot is powered (an unpowered card cannot say who it is, so nothing is known of it but its
 * presence), and who it says it is, or why it did not.
 */
public record SlotCard(
    boolean present, boolean powered, Optional<GpuIdentity> identity, Optional<String> problem) {

  static SlotCard absent() {
    return new SlotCard(false, false, Optional.empty(), Optional.empty());
  }

  static SlotCard unpowered() {
    return new SlotCard(true, false, Optional.empty(), Optional.empty());
  }

  static SlotCard identified(GpuIdentity identity) {
    return new SlotCard(true, true, Optional.of(identity), Optional.empty());
  }

  static SlotCard silent(String problem) {
    return new SlotCard(true, true, Optional.empty(), Optional.of(problem));
  }
}
