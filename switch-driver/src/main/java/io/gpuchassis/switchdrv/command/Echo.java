package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/** ECHO 0x41: u32 in, its bitwise NOT out (reference §2.2). Decodes to the echoed value checked. */
public record Echo(int value) implements MrpcCommand<Integer> {

  @Override
  public int commandId() {
    return CommandIds.ECHO;
  }

  @Override
  public byte[] payload() {
    return new LeWriter().u32(value).toBytes();
  }

  @Override
  public int outputLength() {
    return 4;
  }

  @Override
  public Integer decode(byte[] output) {
    int reply = new LeReader(output, "ECHO").i32();
    if (reply != ~value) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "ECHO answer is not the complement of the input");
    }
    return reply;
  }
}
