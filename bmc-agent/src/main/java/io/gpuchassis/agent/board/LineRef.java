package io.gpuchassis.agent.board;

/**
 * Where one slot signal is wired. The reference names the line only; its polarity is fixed by the
 * signal (see {@link SlotLines}).
 */
public sealed interface LineRef permits ExpanderPinRef, GpioLineRef, SwitchGpioRef {

  /** For messages, e.g. {@code "pin 3 of expander SlotIo1"}. */
  String describe();
}
