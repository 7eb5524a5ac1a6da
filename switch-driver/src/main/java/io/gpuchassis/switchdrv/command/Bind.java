package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;

/**
 * PORTPARTP2P 0x0C sub 0 BIND (reference §2.5): {sub=0, par_id, log_port_id, phys_port_id} → u32.
 * Completion is asynchronous; poll {@link PortInfo} until the port leaves "in progress".
 */
public record Bind(int partition, int logicalPort, int physicalPort) implements MrpcCommand<Void> {

  public static final int SUB = 0;

  public Bind {
    Payloads.requireRange(partition, 0, 47, "partition");
    Payloads.requireRange(logicalPort, 1, 47, "logical port");
    Payloads.requireRange(physicalPort, 0, 254, "physical port");
  }

  @Override
  public int commandId() {
    return CommandIds.PORTPARTP2P;
  }

  @Override
  public byte[] payload() {
    return new byte[] {SUB, (byte) partition, (byte) logicalPort, (byte) physicalPort};
  }

  @Override
  public int outputLength() {
    return 4;
  }

  @Override
  public Void decode(byte[] output) {
    Payloads.requireLength(output, 4, "BIND");
    return null;
  }
}
