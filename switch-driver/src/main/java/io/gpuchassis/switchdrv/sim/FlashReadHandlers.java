package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * Reading the flash back, as {@code switchtec fw-read} does: RD_FLASH 0x1F {addr u32, length u32}
 * answers up to 1016 bytes of flash (switchtec-user lib/fw.c switchtec_fw_read), and on Gen6
 * FW_IMG_GET 0x14F {subcmd u8 = 0, fw_type u8, fw_slot u8, from_start u8 (0 start, 1 next)} answers
 * {status u8, fw_type u8, fw_slot u8, rsvd u8, total_len u32, offset u32, chunk_len u32, data} with
 * the data at byte 16 (switchtec_fw_img_get; fw_type is the Gen6 image type code, enum
 * switchtec_fw_type_gen6). The whole image file of the partition is what FW_IMG_GET sends.
 */
final class FlashReadHandlers {

  static final int RD_FLASH = 0x1F;
  static final int FW_IMG_GET = 0x14F;
  private static final int RD_FLASH_MAX = MailboxRegisters.MAX_DATA - 8;
  private static final int IMG_GET_HEADER = 16;
  private static final int IMG_GET_CHUNK = MailboxRegisters.MAX_DATA - IMG_GET_HEADER;

  private FlashReadHandlers() {}

  /** Where the last FW_IMG_GET stopped (volatile: a reset starts over). */
  static final class Cursor {
    int type = -1;
    int slot = -1;
    int offset;
  }

  static MrpcOutcome readFlash(ChipState c, byte[] p) {
    long addr = LeWriter.getI32(p, 0) & 0xFFFFFFFFL;
    int len = LeWriter.getI32(p, 4);
    if (len < 0 || len > RD_FLASH_MAX) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    byte[] out = new byte[len];
    for (int i = 0; i < len; i++) {
      SimFlash.Slot s = c.sw.flash().at(addr + i);
      out[i] = (byte) (s == null ? 0xFF : s.byteAt(addr + i - s.start));
    }
    return MrpcOutcome.ok(out);
  }

  static MrpcOutcome imageGet(ChipState c, byte[] p) {
    Generation gen = c.sw.generation();
    if (gen != Generation.GEN6) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_CMD);
    }
    int sub = p[0] & 0xFF;
    int typeCode = p[1] & 0xFF;
    int copy = p[2] & 0xFF;
    int fromStart = p[3] & 0xFF;
    if (sub != 0) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_SUBCMD);
    }
    SimFlash.Slot slot = null;
    try {
      FirmwareType type = FirmwareType.fromImageTypeCode(typeCode, gen);
      slot = copy <= 1 ? c.sw.flash().slot(type, copy) : null;
    } catch (IllegalArgumentException e) {
      slot = null;
    }
    if (slot == null || slot.image == null || fromStart > 1) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    Cursor cur = c.imageRead;
    if (fromStart == 0) {
      cur.type = typeCode;
      cur.slot = copy;
      cur.offset = 0;
    } else if (cur.type != typeCode || cur.slot != copy) {
      return MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    }
    int total = slot.image.length;
    int chunk = Math.max(0, Math.min(IMG_GET_CHUNK, total - cur.offset));
    LeWriter w =
        new LeWriter().u8(0).u8(typeCode).u8(copy).u8(0).u32(total).u32(cur.offset).u32(chunk);
    byte[] data = new byte[chunk];
    System.arraycopy(slot.image, cur.offset, data, 0, chunk);
    w.bytes(data);
    cur.offset += chunk;
    return MrpcOutcome.ok(w.toBytes());
  }
}
