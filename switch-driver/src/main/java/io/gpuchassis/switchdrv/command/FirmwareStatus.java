package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/** FWDNLD 0x05 sub 0 GET_STATUS: u32 sub → {dlstatus u8, bgstatus u8, rsvd u16}. */
public record FirmwareStatus() implements MrpcCommand<DownloadStatus> {

  public static final int SUB = 0;

  @Override
  public int commandId() {
    return CommandIds.FWDNLD;
  }

  @Override
  public byte[] payload() {
    return new LeWriter().u32(SUB).toBytes();
  }

  @Override
  public int outputLength() {
    return 4;
  }

  @Override
  public DownloadStatus decode(byte[] output) {
    LeReader r = new LeReader(output, "FWDNLD status");
    int dl = r.u8();
    int bg = r.u8();
    r.u16();
    return new DownloadStatus(dl, bg);
  }

  public static byte[] encodeAnswer(DownloadStatus s) {
    return new LeWriter().u8(s.dlStatus()).u8(s.bgStatus()).u16(0).toBytes();
  }
}
