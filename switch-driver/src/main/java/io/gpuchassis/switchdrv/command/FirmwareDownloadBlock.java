package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.Arrays;

/**
 * FWDNLD 0x05 sub 1 DOWNLOAD (reference §2.8): 16-byte header {sub=1, dont_activate u8, rsvd[2],
 * offset u32, img_length u32 (whole file), blk_length u32} followed by up to 1008 data bytes. The
 * payload is always the full 1024 bytes, as the reference library sends it. No output.
 *
 * <p>Not retry-safe: the firmware expects blocks in offset order, so a block executed twice (a
 * command-register write repeated by the transport after the chip restarted or after a lost
 * confirmation) ends the session with "offset incorrect" instead of reporting the real cause.
 */
public record FirmwareDownloadBlock(boolean dontActivate, int offset, int imageLength, byte[] data)
    implements MrpcCommand<Void> {

  public static final int SUB = 1;
  public static final int HEADER = 16;
  public static final int MAX_BLOCK = 1008;

  public FirmwareDownloadBlock {
    if (data.length > MAX_BLOCK) {
      throw new IllegalArgumentException("block larger than 1008 bytes");
    }
    data = data.clone();
  }

  /** Block {@code index} of {@code image}. */
  public static FirmwareDownloadBlock of(byte[] image, int offset, boolean dontActivate) {
    int len = Math.min(MAX_BLOCK, image.length - offset);
    return new FirmwareDownloadBlock(
        dontActivate, offset, image.length, Arrays.copyOfRange(image, offset, offset + len));
  }

  @Override
  public int commandId() {
    return CommandIds.FWDNLD;
  }

  @Override
  public byte[] payload() {
    LeWriter w =
        new LeWriter()
            .u8(SUB)
            .u8(dontActivate ? 1 : 0)
            .u16(0)
            .u32(offset)
            .u32(imageLength)
            .u32(data.length)
            .bytes(data);
    w.zeros(HEADER + MAX_BLOCK - w.size());
    return w.toBytes();
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
  public Void decode(byte[] output) {
    return null;
  }
}
