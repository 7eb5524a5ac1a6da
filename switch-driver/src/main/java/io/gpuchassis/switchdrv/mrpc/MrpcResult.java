package io.gpuchassis.switchdrv.mrpc;

/**
 * The switch's answer to one MRPC: the final status register value, the return value and, on
 * success, the output bytes. This is an expected protocol answer (a value); a missing or garbled
 * answer is a {@link io.gpuchassis.switchdrv.SwitchException} instead.
 *
 * @param status final status register value (2 done, 0xFF error, 0x100 interrupted)
 * @param returnValue firmware return value (0 = success), unsigned 32-bit
 * @param output output bytes; empty unless the command succeeded
 */
public record MrpcResult(int status, long returnValue, byte[] output) {

  public boolean succeeded() {
    return status == MailboxRegisters.STATUS_DONE && returnValue == 0;
  }
}
