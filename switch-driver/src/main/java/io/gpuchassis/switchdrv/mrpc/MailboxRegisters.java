package io.gpuchassis.switchdrv.mrpc;

/** GAS offsets and status values of the MRPC mailbox (reference §1.1). */
public final class MailboxRegisters {

  /** Input (payload) buffer. */
  public static final int INPUT = 0x0000;

  /** Output (result) buffer. */
  public static final int OUTPUT = 0x0400;

  /** Command register: writing it starts the command. */
  public static final int COMMAND = 0x0800;

  /** Status register. */
  public static final int STATUS = 0x0804;

  /** Return value (firmware error code, 0 = success). */
  public static final int RETURN_VALUE = 0x0808;

  /** Largest payload and output. */
  public static final int MAX_DATA = 1024;

  public static final int STATUS_IDLE = 0;
  public static final int STATUS_IN_PROGRESS = 1;
  public static final int STATUS_DONE = 2;
  public static final int STATUS_ERROR = 0xFF;
  public static final int STATUS_INTERRUPTED = 0x100;

  /** What a read returns while the endpoint does not answer (flash busy, reset). */
  public static final int ALL_ONES = 0xFFFFFFFF;

  /** The PAX-ID field (bits 22:18) value meaning "local switch", ORed in on Gen3-5. */
  public static final int PAX_LOCAL_BITS = 0x1F << 18;

  private MailboxRegisters() {}
}
