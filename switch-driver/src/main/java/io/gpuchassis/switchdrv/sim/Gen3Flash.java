package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.wire.Crc32;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The flash of a Gen3 chip (reference §2.8; switchtec-user lib/fw.c, lib/switchtec_priv.h): BOOT at
 * 0xA8000000, MAP0 at 0xA8020000 and MAP1 at 0xA8040000 (64 KiB each; the active map is the one
 * whose first u32, the update index, is larger), then the configuration (DAT) and image copies and
 * the log. Each image partition ends with the 28-byte struct switchtec_fw_footer_gen3 {magic
 * "PMC\0", image_len, load_addr, version, rsvd, header_crc, image_crc}; the body starts at the
 * partition's first byte. The CRCs follow the simulator's CRC-32/BZIP2 convention.
 */
final class Gen3Flash {

  static final long BOOT = 0xA8000000L;
  static final long MAP0 = 0xA8020000L;
  static final long MAP1 = 0xA8040000L;
  static final long PART_LEN = 0x10000;
  static final long FLASH_LENGTH = 16L << 20;
  static final int FOOTER = 28;

  private Gen3Flash() {}

  static List<SimFlash.Slot> factorySlots(ChipIdentity id) {
    List<SimFlash.Slot> out = new ArrayList<>();
    FirmwareVersion v = id.firmwareVersion();
    out.add(map(0, MAP0, 2, v)); // MAP0 updated last: active
    out.add(map(1, MAP1, 1, v));
    long addr = 0xA8060000L;
    Object[][] rest = {
      {FirmwareType.CFG, 0, 256L << 10},
      {FirmwareType.CFG, 1, 256L << 10},
      {FirmwareType.IMG, 0, 4L << 20},
      {FirmwareType.IMG, 1, 4L << 20},
      {FirmwareType.NVLOG, 0, 256L << 10}
    };
    for (Object[] r : rest) {
      FirmwareType t = (FirmwareType) r[0];
      int copy = (Integer) r[1];
      long size = (Long) r[2];
      SimFlash.Slot s = new SimFlash.Slot(t, copy, addr, size, false);
      if (t == FirmwareType.NVLOG) {
        s.valid = true;
        s.crc = 0xFFFFFFFFL;
      } else {
        FirmwareVersion sv =
            t == FirmwareType.IMG && copy == 1
                ? new FirmwareVersion(v.major(), Math.max(0, v.minor() - 1), v.build())
                : v;
        store(s, ("factory " + t + " copy " + copy).getBytes(StandardCharsets.US_ASCII), sv);
      }
      out.add(s);
      addr += size;
    }
    return out;
  }

  private static SimFlash.Slot map(int copy, long start, int updateIndex, FirmwareVersion v) {
    SimFlash.Slot s = new SimFlash.Slot(FirmwareType.MAP, copy, start, PART_LEN, false);
    byte[] body = new byte[64];
    LeWriter.putU32(body, 0, updateIndex);
    store(s, body, v);
    return s;
  }

  private static void store(SimFlash.Slot s, byte[] body, FirmwareVersion v) {
    s.valid = true;
    s.crc = Crc32.of(body);
    s.length = body.length;
    s.versionWord = v.word();
    s.image = body;
    s.footer =
        new LeWriter()
            .bytes("PMC\0".getBytes(StandardCharsets.US_ASCII))
            .u32(body.length)
            .u32(0) // load_addr
            .u32(v.word())
            .u32(0)
            .u32(0) // header_crc: Gen3 images carry no separate header here
            .u32(s.crc)
            .toBytes();
  }
}
