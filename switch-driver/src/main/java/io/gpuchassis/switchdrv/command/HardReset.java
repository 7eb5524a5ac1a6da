package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * RESET 0x1B with sub u32 0 (hard reset): the switch restarts and never completes the command, so
 * the engine does not poll for completion. Not retried.
 */
public record HardReset() implements MrpcCommand<Void> {

  @Override
  public int commandId() {
    return CommandIds.RESET;
  }

  @Override
  public byte[] payload() {
    return new LeWriter().u32(0).toBytes();
  }

  @Override
  public int outputLength() {
    return 0;
  }

  @Override
  public boolean retrySafe() {
    return false;
  }

  @Override
  public boolean awaitsCompletion() {
    return false;
  }

  @Override
  public Void decode(byte[] output) {
    return null;
  }
}
