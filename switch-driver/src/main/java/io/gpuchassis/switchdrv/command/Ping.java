package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.BootPhase;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * I2C_TWI_PING 0x100: u32 in; out {dev_info u32, ping_reply u32}, valid iff ping_reply is the
 * complement of the input. dev_info bits 7:0 boot phase, 11:8 revision, 15:12 generation (0 Gen4, 1
 * Gen5, 2 Gen6) (reference §2.2).
 */
public record Ping(int value) implements MrpcCommand<Ping.Answer> {

  /** The revision of a part that does not answer PING (switchtec-user SWITCHTEC_REV_UNKNOWN). */
  public static final int REVISION_UNKNOWN = 0xFF;

  /** Decoded dev_info. */
  public record Answer(BootPhase bootPhase, int revision, int generationCode) {}

  @Override
  public int commandId() {
    return CommandIds.I2C_TWI_PING;
  }

  @Override
  public byte[] payload() {
    return new LeWriter().u32(value).toBytes();
  }

  @Override
  public int outputLength() {
    return 8;
  }

  @Override
  public Answer decode(byte[] output) {
    LeReader r = new LeReader(output, "PING");
    int devInfo = r.i32();
    int reply = r.i32();
    if (reply != ~value) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "PING reply is not the complement of the input");
    }
    return new Answer(
        BootPhase.of(devInfo & 0xFF), (devInfo >>> 8) & 0x0F, (devInfo >>> 12) & 0x0F);
  }

  /** Encodes the answer (simulator side). */
  public static byte[] encodeAnswer(BootPhase phase, int revision, int generationCode, int input) {
    int code = phase == BootPhase.BL1 ? 1 : phase == BootPhase.BL2 ? 2 : 3;
    int devInfo = code | (revision & 0xF) << 8 | (generationCode & 0xF) << 12;
    return new LeWriter().u32(devInfo).u32(~input).toBytes();
  }
}
