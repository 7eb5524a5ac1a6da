package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.i2c.DeviceAction;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * How {@link SlotPower} reaches a slot's lines: their signals, and the one thread that may move
 * them.
 */
interface SlotCommands {

  /** The slot's signals; empty when the chassis has no such slot. */
  Optional<SlotControl> control(int slot);

  /** Runs {@code command} on the poller that owns the slot's lines, between its reads. */
  <T> CompletableFuture<T> onLines(int slot, DeviceAction<T> command);
}
