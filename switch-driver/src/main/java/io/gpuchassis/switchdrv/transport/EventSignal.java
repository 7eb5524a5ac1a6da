package io.gpuchassis.switchdrv.transport;

/**
 * A transport on which the switch announces "an event occurred" (MoE's event channel, the char
 * device's POLLPRI), so that a poller can read the event summary early instead of waiting for its
 * next round. Safe to call from a thread other than the transport's caller.
 */
public interface EventSignal {

  /**
   * Whether the switch signalled an event since the last call; never blocks. Consumes the signals
   * seen.
   */
  boolean eventOccurred();
}
