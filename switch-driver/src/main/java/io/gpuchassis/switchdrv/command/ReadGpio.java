package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;

/**
 * VGPIO 0x02 sub 2 GET_VALUE (reference §2.9): the 8-byte {@link VgpioPayload} in, the same struct
 * out with {@code data} = the pin's level. Decodes to true for a high level (any non-zero value, as
 * the reference library passes the byte on unchecked).
 */
public record ReadGpio(int logicalPin) implements MrpcCommand<Boolean> {

  public ReadGpio {
    Payloads.requireRange(logicalPin, 0, 0xFFFF, "logical GPIO pin");
  }

  @Override
  public int commandId() {
    return CommandIds.VGPIO;
  }

  @Override
  public byte[] payload() {
    return new VgpioPayload(VgpioPayload.SUB_GET_VALUE, logicalPin, 0).encode();
  }

  @Override
  public int outputLength() {
    return VgpioPayload.LENGTH;
  }

  @Override
  public Boolean decode(byte[] output) {
    return VgpioPayload.decode(output, "VGPIO get value").data() != 0;
  }
}
