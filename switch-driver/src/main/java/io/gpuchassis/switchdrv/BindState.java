package io.gpuchassis.switchdrv;

/**
 * State of a physical port's binding as PORTPARTP2P PORT_INFO reports it: the high nibble of
 * bind_state says bound/unbound, the low nibble the last operation's result.
 */
public enum BindState {
  /** Bound to (partition, logical port); last operation succeeded. */
  BOUND,
  /** Not bound to any partition. */
  UNBOUND,
  /** A bind or unbind of this port is still running in the firmware. */
  IN_PROGRESS,
  /** The last bind/unbind of this port failed. */
  FAILED;

  /** Decodes the bind_state byte (reference §2.5). */
  public static BindState fromByte(int b) {
    int result = b & 0x0F;
    if (result == 2) {
      return IN_PROGRESS;
    }
    if (result == 1) {
      return FAILED;
    }
    return ((b >>> 4) & 0x0F) == 1 ? BOUND : UNBOUND;
  }
}
