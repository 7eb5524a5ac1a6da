package io.gpuchassis.switchdrv.sim;

/**
 * What a simulated MRPC handler answers: the return value and the output bytes.
 *
 * @param returnValue firmware return value (0 = success)
 * @param output output bytes (copied to the mailbox output buffer)
 */
record MrpcOutcome(long returnValue, byte[] output) {

  private static final byte[] EMPTY = new byte[0];

  /** Sentinel: the handler cut the chip's power; the mailbox belongs to the next boot. */
  static final MrpcOutcome POWER_LOST = new MrpcOutcome(-1, EMPTY);

  static MrpcOutcome ok(byte[] output) {
    return new MrpcOutcome(0, output);
  }

  static MrpcOutcome ok() {
    return new MrpcOutcome(0, EMPTY);
  }

  static MrpcOutcome error(long code) {
    return new MrpcOutcome(code, EMPTY);
  }
}
