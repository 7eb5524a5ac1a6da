package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;

/**
 * VGPIO 0x02 sub 3 SET_VALUE (reference §2.9): the 8-byte {@link VgpioPayload} with {@code data} =
 * 1 (high) or 0 (low); no output. Setting a level twice leaves it the same, so normal retries are
 * safe.
 */
public record WriteGpio(int logicalPin, boolean high) implements MrpcCommand<Void> {

  public WriteGpio {
    Payloads.requireRange(logicalPin, 0, 0xFFFF, "logical GPIO pin");
  }

  @Override
  public int commandId() {
    return CommandIds.VGPIO;
  }

  @Override
  public byte[] payload() {
    return new VgpioPayload(VgpioPayload.SUB_SET_VALUE, logicalPin, high ? 1 : 0).encode();
  }

  @Override
  public int outputLength() {
    return 0;
  }

  @Override
  public Void decode(byte[] output) {
    return null;
  }
}
