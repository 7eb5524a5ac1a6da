package io.gpuchassis.sensor.sim;

import io.gpuchassis.sensor.sim.bus.I2cNakException;
import io.gpuchassis.sensor.sim.bus.SimI2cTarget;
import io.gpuchassis.sensor.sim.bus.TargetKind;
import io.gpuchassis.sensor.sim.device.SimSmbpbiGpu;

/**
 * The SMBus pins of a slot's edge connector, where the layout puts the slot's sideband: the
 * post-box of whichever card is seated answers through them, and with no card nothing acknowledges,
 * as at an empty connector. A card pulled and another pushed in is a new post-box at the same
 * address.
 *
 * <p>Thread-safety: the card is swapped under the board's lock while transfers may run; a transfer
 * reaches the card seated when it starts.
 */
final class SlotConnector implements SimI2cTarget {

  private final int slot;
  private volatile SimSmbpbiGpu card;

  SlotConnector(int slot) {
    this.slot = slot;
  }

  void seat(SimSmbpbiGpu next) {
    card = next;
  }

  void pull() {
    card = null;
  }

  @Override
  public void write(byte[] data) {
    seated().write(data);
  }

  @Override
  public byte[] read(int length) {
    return seated().read(length);
  }

  @Override
  public byte[] writeRead(byte[] data, int length) {
    return seated().writeRead(data, length);
  }

  /** A GPU's post-box is an SMBus command device, whichever card it is. */
  @Override
  public TargetKind kind() {
    return TargetKind.SMBUS_COMMAND;
  }

  private SimSmbpbiGpu seated() {
    SimSmbpbiGpu now = card;
    if (now == null) {
      throw new I2cNakException("slot " + slot + " holds no card: nothing acknowledged");
    }
    return now;
  }

  @Override
  public String toString() {
    SimSmbpbiGpu now = card;
    return "slot " + slot + " connector" + (now == null ? " (empty)" : " (" + now + ")");
  }
}
