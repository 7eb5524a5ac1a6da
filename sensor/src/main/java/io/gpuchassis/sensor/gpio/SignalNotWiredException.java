package io.gpuchassis.sensor.gpio;

/**
 * The layout does not wire this slot signal (e.g. a board whose switch drives PERST#), so the agent
 * can neither read nor drive it. A configuration fact, not a device failure: retrying does not
 * help.
 */
public final class SignalNotWiredException extends IllegalStateException {

  private final int slot;
  private final SlotSignal signal;

  public SignalNotWiredException(int slot, SlotSignal signal) {
    super("slot " + slot + " has no " + signal.label() + " line in the layout");
    this.slot = slot;
    this.signal = signal;
  }

  public int slot() {
    return slot;
  }

  public SlotSignal signal() {
    return signal;
  }
}
