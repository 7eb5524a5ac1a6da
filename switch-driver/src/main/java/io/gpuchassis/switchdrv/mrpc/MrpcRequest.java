package io.gpuchassis.switchdrv.mrpc;

import java.util.Objects;

/**
 * One MRPC to execute.
 *
 * @param commandWord full 32-bit command word (ID in bits 15:0, PAX ID in bits 22:18 on Gen3-5)
 * @param payload input bytes (at most 1024)
 * @param outputLength bytes of output to read back on success (at most 1024)
 * @param retrySafe whether the command may be re-submitted after a busy answer or an unconfirmed
 *     command-register write; false for non-idempotent commands such as firmware TOGGLE
 * @param awaitsCompletion false only for the hard RESET, which never completes
 */
public record MrpcRequest(
    int commandWord,
    byte[] payload,
    int outputLength,
    boolean retrySafe,
    boolean awaitsCompletion) {

  public MrpcRequest {
    Objects.requireNonNull(payload);
    if (payload.length > MailboxRegisters.MAX_DATA
        || outputLength < 0
        || outputLength > MailboxRegisters.MAX_DATA) {
      throw new IllegalArgumentException("MRPC payload/output limited to 1024 bytes");
    }
  }

  public int commandId() {
    return commandWord & 0xFFFF;
  }
}
