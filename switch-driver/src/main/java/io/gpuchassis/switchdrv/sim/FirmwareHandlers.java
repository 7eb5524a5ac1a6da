package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.command.DownloadStatus;
import io.gpuchassis.switchdrv.command.FirmwareDownloadBlock;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.command.FirmwareStatus;
import io.gpuchassis.switchdrv.command.PartInfo;
import io.gpuchassis.switchdrv.command.PartMetadata;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.charset.StandardCharsets;

/**
 * FWDNLD (status, download, toggle) and PART_INFO on the simulated chip. Downloads go to the
 * inactive copy of the image's type, which is erased when the download starts; the image is checked
 * at the last block (header, lengths, CRC-32/BZIP2 body CRC, the simulator's convention).
 */
final class FirmwareHandlers {

  private FirmwareHandlers() {}

  static MrpcOutcome fwdnld(ChipState c, byte[] p, long now) {
    switch (p[0]) {
      case 0:
        return MrpcOutcome.ok(FirmwareStatus.encodeAnswer(c.firmware.status(now)));
      case 1:
        return download(c, p, now);
      case 2:
        return toggle(c, p);
      default:
        return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
  }

  private static MrpcOutcome download(ChipState c, byte[] p, long now) {
    FirmwareSession s = c.firmware;
    if (s.programming(now)) {
      return MrpcOutcome.error(FirmwareErrors.ERR_HANDLER_NOT_IDLE);
    }
    LeReader r = new LeReader(p, "FWDNLD");
    r.skip(1);
    boolean dontActivate = r.u8() != 0;
    r.skip(2);
    int offset = r.i32();
    int imgLen = r.i32();
    int blkLen = r.i32();
    long latency = c.sw.config().timing().flashBlockLatency().toNanos();
    if (blkLen <= 0
        || blkLen > FirmwareDownloadBlock.MAX_BLOCK
        || offset < 0
        || imgLen <= 0
        || (long) offset + blkLen > imgLen) {
      return fail(s, DownloadStatus.DL_LENGTH_INCORRECT, DownloadStatus.BG_ERROR, now, latency);
    }
    byte[] data = r.bytes(blkLen);
    Generation gen = c.sw.generation();
    if (offset == 0) {
      if (imgLen < 32) {
        return fail(s, DownloadStatus.DL_PACKAGE_TOO_SMALL, DownloadStatus.BG_ERROR, now, latency);
      }
      FirmwareType type = headerType(data, gen);
      if (type == null || !c.sw.flash().has(type)) {
        return fail(s, DownloadStatus.DL_HEADER_INCORRECT, DownloadStatus.BG_ERROR, now, latency);
      }
      int copy = type == FirmwareType.NVLOG ? 0 : 1 - c.sw.flash().activeCopy(type);
      SimFlash.Slot slot = c.sw.flash().slot(type, copy);
      if (slot.readOnly) {
        return fail(s, DownloadStatus.DL_READ_ONLY, DownloadStatus.BG_ERROR, now, latency);
      }
      // After a toggle without a reset the inactive copy is the one running: the firmware refuses
      // to erase it.
      if (type != FirmwareType.NVLOG && copy == c.runningCopy[type.ordinal()]) {
        return fail(s, DownloadStatus.DL_RUNNING_PARTITION, DownloadStatus.BG_ERROR, now, latency);
      }
      s.open = true;
      s.type = type;
      s.copy = copy;
      s.buffer = new byte[imgLen];
      s.next = 0;
      s.total = imgLen;
      s.dontActivate = dontActivate;
      slot.erase();
    } else if (!s.open || offset != s.next || imgLen != s.total) {
      return fail(
          s, DownloadStatus.DL_OFFSET_INCORRECT, DownloadStatus.BG_OFFSET_ERROR, now, latency);
    }
    for (ActiveFault f : c.sw.faultsOf(FaultKind.POWER_LOSS_DURING_DOWNLOAD)) {
      if (f.bytesUntilPowerLoss <= blkLen) {
        c.sw.removeFault(f, now);
        c.sw.restart(now);
        return MrpcOutcome.POWER_LOST;
      }
      f.bytesUntilPowerLoss -= blkLen;
    }
    System.arraycopy(data, 0, s.buffer, offset, blkLen);
    s.next += blkLen;
    if (s.next < s.total) {
      s.schedule(DownloadStatus.DL_IN_PROGRESS, DownloadStatus.BG_DONE, now, latency);
      return MrpcOutcome.ok();
    }
    return finish(c, s, now, latency);
  }

  private static FirmwareType headerType(byte[] block, Generation gen) {
    if (block.length < FirmwareImage.METADATA_LENGTH
        || !"MSCC_MD ".equals(new String(block, 0, 8, StandardCharsets.US_ASCII))) {
      return null;
    }
    try {
      return FirmwareType.fromImageTypeCode(LeWriter.getI32(block, 28), gen);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static MrpcOutcome finish(ChipState c, FirmwareSession s, long now, long latency) {
    s.open = false;
    byte[] file = s.buffer;
    if (!c.sw.faultsOf(FaultKind.FIRMWARE_CRC_MISMATCH).isEmpty()) {
      file[file.length - 1] ^= 0x01; // a flipped bit in flash
    }
    FirmwareImage meta;
    try {
      meta = FirmwareImage.parse(file, c.sw.generation());
    } catch (SwitchException e) {
      return fail(s, DownloadStatus.DL_HEADER_INCORRECT, DownloadStatus.BG_ERROR, now, latency);
    }
    if (!FirmwareImage.headerCrcMatches(file) || meta.type() != s.type) {
      return fail(s, DownloadStatus.DL_HEADER_INCORRECT, DownloadStatus.BG_ERROR, now, latency);
    }
    if ((long) meta.headerLength() + meta.imageLength() != file.length) {
      return fail(s, DownloadStatus.DL_LENGTH_INCORRECT, DownloadStatus.BG_ERROR, now, latency);
    }
    if (!FirmwareImage.bodyCrcMatches(file, meta)) {
      return fail(s, DownloadStatus.DL_CRC_INCORRECT, DownloadStatus.BG_ERROR, now, latency);
    }
    c.sw.flash().slot(s.type, s.copy).store(file, meta);
    int dl = DownloadStatus.DL_COMPLETES;
    if (!s.dontActivate) {
      c.sw.flash().setActive(s.type, s.copy);
      dl =
          s.type == FirmwareType.IMG
              ? DownloadStatus.DL_SUCCESS_FW_ACTIVATED
              : DownloadStatus.DL_SUCCESS_DATA_ACTIVATED;
    }
    s.buffer = null;
    s.schedule(dl, DownloadStatus.BG_DONE, now, latency);
    return MrpcOutcome.ok();
  }

  // The MRPC itself succeeds; the reason is in the download status, as on hardware.
  private static MrpcOutcome fail(FirmwareSession s, int dl, int bg, long now, long latency) {
    s.open = false;
    s.buffer = null;
    s.schedule(dl, bg, now, latency);
    return MrpcOutcome.ok();
  }

  private static MrpcOutcome toggle(ChipState c, byte[] p) {
    FirmwareType[] order = {
      FirmwareType.IMG, FirmwareType.CFG, FirmwareType.BL2, FirmwareType.KEY, FirmwareType.RIOT
    };
    SimFlash flash = c.sw.flash();
    for (int i = 0; i < order.length; i++) {
      if (p[1 + i] != 0) {
        FirmwareType t = order[i];
        if (!flash.has(t) || !flash.slot(t, 1 - flash.activeCopy(t)).valid) {
          return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
        }
      }
    }
    for (int i = 0; i < order.length; i++) {
      if (p[1 + i] != 0) {
        flash.setActive(order[i], 1 - flash.activeCopy(order[i]));
      }
    }
    return MrpcOutcome.ok();
  }

  static MrpcOutcome partInfo(ChipState c, byte[] p) {
    Generation gen = c.sw.generation();
    if (gen == Generation.GEN3) {
      // Gen3 describes its flash in the GAS flash info block; the vendor never asks it PART_INFO
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_CMD);
    }
    int expected = gen == Generation.GEN6 ? 8 : gen == Generation.GEN5 ? 4 : 0;
    if ((p[0] & 0xFF) == PartMetadata.subCommand(gen)) {
      return metadata(c, p[1] & 0xFF);
    }
    if ((p[0] & 0xFF) != expected) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
    int running =
        c.sw.flash().slot(FirmwareType.IMG, c.runningCopy[FirmwareType.IMG.ordinal()]).versionWord;
    return MrpcOutcome.ok(
        PartInfo.encodeAnswer(
            gen,
            FirmwareVersion.fromWord(running),
            c.sw.flash().flashSize,
            c.sw.config().identity().deviceId(),
            c.sw.flash().records(c.runningCopy)));
  }

  // The metadata is what the partition holds from its start: an image's 628-byte metadata, or
  // erased flash. No SEEPROM (0xFE) is fitted and the log partition holds no image.
  private static MrpcOutcome metadata(ChipState c, int partitionId) {
    SimFlash.Slot slot = c.sw.flash().byPartitionId(partitionId);
    if (slot == null || slot.type == FirmwareType.NVLOG) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    byte[] out = new byte[FirmwareImage.METADATA_LENGTH];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) slot.byteAt(i);
    }
    return MrpcOutcome.ok(out);
  }
}
