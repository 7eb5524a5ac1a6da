package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;

/**
 * PORTPARTP2P 0x0C sub 1 UNBIND (reference §2.5): {sub=1, par_id, log_port_id, opt} → u32. The
 * reference library always sends opt = 2; the meaning of other values is not public, so this driver
 * sends 2 as well.
 */
public record Unbind(int partition, int logicalPort) implements MrpcCommand<Void> {

  public static final int SUB = 1;
  public static final int OPTION = 2;

  public Unbind {
    Payloads.requireRange(partition, 0, 47, "partition");
    Payloads.requireRange(logicalPort, 1, 47, "logical port");
  }

  @Override
  public int commandId() {
    return CommandIds.PORTPARTP2P;
  }

  @Override
  public byte[] payload() {
    return new byte[] {SUB, (byte) partition, (byte) logicalPort, OPTION};
  }

  @Override
  public int outputLength() {
    return 4;
  }

  @Override
  public Void decode(byte[] output) {
    Payloads.requireLength(output, 4, "UNBIND");
    return null;
  }
}
