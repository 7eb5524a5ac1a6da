package io.gpuchassis.switchdrv;

import java.util.OptionalLong;

/**
 * The one failure type of the switch driver: a call that did not get a usable answer from the
 * switch, or got a firmware error code.
 *
 * <p>Firmware return codes are mapped to a {@link Kind} exactly once, in {@code
 * io.gpuchassis.switchdrv.mrpc.FirmwareErrors}; callers switch on {@link #kind()} and never on raw
 * codes. The raw code stays available in {@link #firmwareCode()} for logs and Redfish messages.
 *
 * <p>Unchecked so that it can cross the agent's worker-thread boundaries without wrapping; every
 * public driver method documents that it throws it.
 */
public final class SwitchException extends RuntimeException {

  /** What went wrong, at the granularity the agent acts on. */
  public enum Kind {
    /**
     * No completion within the call's deadline (mailbox stuck in progress, no reply on the line).
     */
    TIMEOUT,
    /**
     * The switch is busy (MRPC handler busy, bind in progress) and stayed so until the deadline.
     */
    BUSY,
    /** The I2C slave did not acknowledge (address or data NAK), after the transport's retries. */
    NAK,
    /** A garbled or malformed answer: bad CRC/PEC, wrong length, unparsable text, bad frame. */
    PROTOCOL,
    /** The firmware answered with an error code; see {@link #firmwareCode()}. */
    DEVICE_ERROR,
    /** The driver refused because the device's state makes the request unsafe or impossible. */
    REFUSED,
    /**
     * The byte transport failed (port closed, socket reset, switch restarted under the command).
     */
    IO
  }

  private final Kind kind;
  private final Long firmwareCode;

  public SwitchException(Kind kind, String message) {
    this(kind, message, null, null);
  }

  public SwitchException(Kind kind, String message, Throwable cause) {
    this(kind, message, null, cause);
  }

  private SwitchException(Kind kind, String message, Long firmwareCode, Throwable cause) {
    super(kind + ": " + message, cause);
    this.kind = kind;
    this.firmwareCode = firmwareCode;
  }

  /** A firmware error code answered by the switch (MRPC return value or download status). */
  public static SwitchException deviceError(long code, String message) {
    return new SwitchException(Kind.DEVICE_ERROR, message, code, null);
  }

  /** A busy indication that carries the firmware code that signalled it. */
  public static SwitchException busy(long code, String message) {
    return new SwitchException(Kind.BUSY, message, code, null);
  }

  public Kind kind() {
    return kind;
  }

  /** The firmware's own code, when the switch answered with one. */
  public OptionalLong firmwareCode() {
    return firmwareCode == null ? OptionalLong.empty() : OptionalLong.of(firmwareCode);
  }
}
