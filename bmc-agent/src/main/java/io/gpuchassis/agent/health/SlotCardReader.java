package io.gpuchassis.agent.health;

import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.gpio.SlotControl;
import io.gpuchassis.sensor.gpio.SlotSignal;
import io.gpuchassis.sensor.i2c.DeviceException;
import java.util.Optional;

/**
 * Reads a slot's card as the chassis discovery does at start, through the same drivers: its
 * presence line, its power line, then its identity over the SMBPBI sideband. Blocking; runs on the
 * poller that owns the slot's sideband.
 */
final class SlotCardReader {

  private final ChassisSensors sensors;

  SlotCardReader(ChassisSensors sensors) {
    this.sensors = sensors;
  }

  SlotCard read(int slot) {
    SlotControl control = sensors.slot(slot);
    Optional<Boolean> present = asserted(control, SlotSignal.PRESENT_N);
    if (present.isPresent() && !present.get()) {
      return SlotCard.absent();
    }
    // A slot without a power line the agent reads is powered whenever the chassis is
    if (!asserted(control, SlotSignal.POWER_ENABLE).orElse(true)) {
      // unpowered, a card cannot say who it is (nor, without a presence line, whether it is there)
      return SlotCard.unpowered();
    }
    if (sensors.layout().slot(slot).flatMap(s -> s.gpu()).isEmpty()) {
      return present.isPresent()
          ? SlotCard.silent("the slot has no sideband on this board")
          : SlotCard.absent();
    }
    try {
      return SlotCard.identified(sensors.gpu(slot).readIdentity());
    } catch (DeviceException | RuntimeException e) {
      // Without a presence line, a silent sideband is an empty slot (as at start)
      return present.isPresent() ? SlotCard.silent(e.getMessage()) : SlotCard.absent();
    }
  }

  /** The signal as read; empty when the board does not wire it or it cannot be read. */
  private static Optional<Boolean> asserted(SlotControl control, SlotSignal signal) {
    if (!control.has(signal)) {
      return Optional.empty();
    }
    try {
      return Optional.of(control.isAsserted(signal));
    } catch (DeviceException e) {
      return Optional.empty();
    }
  }
}
