package io.gpuchassis.switchdrv.command;

/**
 * The 32-bit event header (switchtec-user {@code inc/switchtec/registers.h} {@code
 * SWITCHTEC_EVENT_*}, {@code lib/platform/gasops.c} {@code event_ctl}): bit 0 occurred (write 1 to
 * clear), bits 1..4 enable log, CLI, interrupt/poll and fatal, bits 12:5 an 8-bit occurrence count
 * that wraps, bit 31 not supported.
 */
public final class EventHeader {

  public static final int OCCURRED = 1;
  public static final int CLEAR = 1;
  public static final int EN_LOG = 1 << 1;
  public static final int EN_CLI = 1 << 2;
  public static final int EN_IRQ = 1 << 3;
  public static final int FATAL = 1 << 4;
  public static final int ENABLE_BITS = EN_LOG | EN_CLI | EN_IRQ | FATAL;
  public static final int COUNT_SHIFT = 5;
  public static final int COUNT_MASK = 0xFF;
  public static final int NOT_SUPPORTED = 1 << 31;

  private EventHeader() {}

  public static boolean occurred(int hdr) {
    return (hdr & OCCURRED) != 0;
  }

  public static int count(int hdr) {
    return (hdr >>> COUNT_SHIFT) & COUNT_MASK;
  }

  /**
   * The value that clears "occurred" and keeps the enables: the header as read with bit 0 set, as
   * the vendor's event_ctl writes it with SWITCHTEC_EVT_FLAG_CLEAR.
   */
  public static int acknowledge(int hdr) {
    return hdr | CLEAR;
  }
}
