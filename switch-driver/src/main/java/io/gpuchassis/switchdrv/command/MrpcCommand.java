package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.mrpc.MrpcRequest;

/**
 * One typed MRPC: its ID, payload encoding, expected output length and output decoding. Instances
 * are immutable values; {@link #decode} throws only SwitchException(PROTOCOL).
 *
 * @param <T> decoded answer type
 */
public interface MrpcCommand<T> {

  int commandId();

  byte[] payload();

  int outputLength();

  T decode(byte[] output);

  /** False for non-idempotent commands, which are never re-submitted. */
  default boolean retrySafe() {
    return true;
  }

  /** False only for the hard reset, which never completes. */
  default boolean awaitsCompletion() {
    return true;
  }

  /** The request for {@code gen}: Gen3-5 firmware expects the "local" PAX ID in bits 22:18. */
  default MrpcRequest toRequest(Generation gen) {
    int word = commandId() | (gen == Generation.GEN6 ? 0 : MailboxRegisters.PAX_LOCAL_BITS);
    return new MrpcRequest(word, payload(), outputLength(), retrySafe(), awaitsCompletion());
  }
}
