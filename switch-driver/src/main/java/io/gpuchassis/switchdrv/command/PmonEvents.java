package io.gpuchassis.switchdrv.command;

/** PMON event-type bits (reference §2.7) and the groupings the driver counts per port. */
public final class PmonEvents {

  public static final int UNSUPPORTED_REQUEST = 1 << 0;
  public static final int ECRC = 1 << 1;
  public static final int MALFORMED_TLP = 1 << 2;
  public static final int RECEIVER_OVERFLOW = 1 << 3;
  public static final int COMPLETER_ABORT = 1 << 4;
  public static final int POISONED_TLP = 1 << 5;
  public static final int SURPRISE_DOWN = 1 << 6;
  public static final int DATA_LINK_PROTOCOL = 1 << 7;
  public static final int HDR_LOG_OVERFLOW = 1 << 8;
  public static final int UNCORRECTABLE_INTERNAL = 1 << 9;
  public static final int REPLAY_TIMER_TIMEOUT = 1 << 10;
  public static final int REPLAY_NUMBER_ROLLOVER = 1 << 11;
  public static final int BAD_DLLP = 1 << 12;
  public static final int BAD_TLP = 1 << 13;
  public static final int RECEIVER_ERROR = 1 << 14;

  /** AER correctable error events. */
  public static final int CORRECTABLE =
      RECEIVER_ERROR | BAD_TLP | BAD_DLLP | REPLAY_TIMER_TIMEOUT | REPLAY_NUMBER_ROLLOVER;

  /** AER uncorrectable error events. */
  public static final int UNCORRECTABLE =
      UNSUPPORTED_REQUEST
          | ECRC
          | MALFORMED_TLP
          | RECEIVER_OVERFLOW
          | COMPLETER_ABORT
          | POISONED_TLP
          | SURPRISE_DOWN
          | DATA_LINK_PROTOCOL
          | UNCORRECTABLE_INTERNAL;

  /** The per-port counter set, in counter-slot order (slot k of port p is counter p*8+k). */
  public static final int[] PORT_COUNTER_TYPES = {
    CORRECTABLE, UNCORRECTABLE, RECEIVER_ERROR, BAD_TLP, BAD_DLLP, SURPRISE_DOWN
  };

  /** Counters reserved per port within a stack's 64 (8 ports x 8). */
  public static final int SLOTS_PER_PORT = 8;

  public static final int PORTS_PER_STACK = 8;

  private PmonEvents() {}
}
