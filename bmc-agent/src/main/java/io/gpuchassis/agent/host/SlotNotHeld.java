package io.gpuchassis.agent.host;

import java.util.Optional;

/** A host reported a GPU the chassis has not given it (unbound, or another host's). */
public final class SlotNotHeld extends RuntimeException {

  private final int slot;
  private final Optional<String> holder;

  SlotNotHeld(int slot, String host, Optional<String> holder) {
    super(
        "the GPU in slot "
            + slot
            + " is "
            + holder.map(h -> "bound to " + h).orElse("not bound to any host")
            + ", not to "
            + host);
    this.slot = slot;
    this.holder = holder;
  }

  public int slot() {
    return slot;
  }

  public Optional<String> holder() {
    return holder;
  }
}
