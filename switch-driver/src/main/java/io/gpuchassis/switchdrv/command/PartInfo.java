package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwarePartitions;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * PART_INFO 0x2B "all info" (reference §2.8; switchtec-user lib/fw.c struct
 * switchtec_flash_info_gen4/gen5/gen6): payload one sub-command byte (0 on Gen4, 4 on Gen5, 8 on
 * Gen6); output a 64-byte header {firmware_version u32, flash_size u32, device_id u16, ecc_enable
 * u8, rsvd u8, running flags u8 from byte 12: bl2, cfg, img, key on Gen4 and Gen6, riot, bl2, cfg,
 * img, key on Gen5, ...} followed by 32-byte partition records {image_crc u32, image_len u32,
 * image_version u16, valid u8, active u8, part_start u32, part_end u32, part_offset u32,
 * part_size_dw u32, read_only u8, is_using u8, rsvd[2]}: MAP0/1, KEY0/1, (Gen5: RIOT0/1), BL2_0/1,
 * CFG0/1, IMG0/1, NVLOG, (Gen6: CERT0/1, DBG0/1), vendor[8]. Gen4 answers are 672 bytes, Gen5 736,
 * Gen6 800. A record's index in that order is the partition ID the per-partition metadata
 * sub-command takes ({@link PartMetadata}).
 */
public record PartInfo(Generation generation) implements MrpcCommand<FirmwarePartitions> {

  public static final int HEADER = 64;
  public static final int RECORD = 32;
  private static final int VENDOR_RECORDS = 8;
  private static final int RUNNING_FLAGS = 12;

  /** The A/B records in wire order for {@code gen} (type, copy), vendor records excluded. */
  public static List<Object[]> layout(Generation gen) {
    List<Object[]> l = new ArrayList<>();
    FirmwareType[] order =
        gen == Generation.GEN5
            ? new FirmwareType[] {
              FirmwareType.MAP,
              FirmwareType.KEY,
              FirmwareType.RIOT,
              FirmwareType.BL2,
              FirmwareType.CFG,
              FirmwareType.IMG
            }
            : new FirmwareType[] {
              FirmwareType.MAP,
              FirmwareType.KEY,
              FirmwareType.BL2,
              FirmwareType.CFG,
              FirmwareType.IMG
            };
    for (FirmwareType t : order) {
      l.add(new Object[] {t, 0});
      l.add(new Object[] {t, 1});
    }
    l.add(new Object[] {FirmwareType.NVLOG, 0});
    if (gen == Generation.GEN6) {
      for (FirmwareType t : new FirmwareType[] {FirmwareType.CERT, FirmwareType.DBG}) {
        l.add(new Object[] {t, 0});
        l.add(new Object[] {t, 1});
      }
    }
    return l;
  }

  /** The partition ID of one copy of {@code type} on {@code gen} (its record index), or -1. */
  public static int partitionId(Generation gen, FirmwareType type, int copy) {
    List<Object[]> l = layout(gen);
    for (int i = 0; i < l.size(); i++) {
      if (l.get(i)[0] == type && (Integer) l.get(i)[1] == copy) {
        return i;
      }
    }
    return -1;
  }

  /** The header byte offset of the running flag of {@code type}, or -1 when it has none. */
  static int runningFlagOffset(Generation gen, FirmwareType type) {
    FirmwareType[] order =
        gen == Generation.GEN5
            ? new FirmwareType[] {
              FirmwareType.RIOT,
              FirmwareType.BL2,
              FirmwareType.CFG,
              FirmwareType.IMG,
              FirmwareType.KEY
            }
            : new FirmwareType[] {
              FirmwareType.BL2, FirmwareType.CFG, FirmwareType.IMG, FirmwareType.KEY
            };
    for (int i = 0; i < order.length; i++) {
      if (order[i] == type) {
        return RUNNING_FLAGS + i;
      }
    }
    return -1;
  }

  public static int answerLength(Generation gen) {
    return HEADER + (layout(gen).size() + VENDOR_RECORDS) * RECORD;
  }

  @Override
  public int commandId() {
    return CommandIds.PART_INFO;
  }

  @Override
  public byte[] payload() {
    int sub = generation == Generation.GEN6 ? 8 : generation == Generation.GEN5 ? 4 : 0;
    return new byte[] {(byte) sub};
  }

  @Override
  public int outputLength() {
    return answerLength(generation);
  }

  @Override
  public FirmwarePartitions decode(byte[] output) {
    LeReader r = new LeReader(output, "PART_INFO");
    FirmwareVersion version = FirmwareVersion.fromWord(r.i32());
    long flashSize = r.u32();
    r.at(HEADER);
    List<FirmwarePartition> parts = new ArrayList<>();
    for (Object[] slot : layout(generation)) {
      long crc = r.u32();
      long len = r.u32();
      int imgVersion = r.u16();
      boolean valid = r.u8() != 0;
      boolean active = r.u8() != 0;
      long start = r.u32();
      r.u32(); // part_end
      r.u32(); // part_offset
      long sizeDw = r.u32();
      boolean readOnly = r.u8() != 0;
      boolean running = r.u8() != 0;
      r.skip(2);
      parts.add(
          new FirmwarePartition(
              (FirmwareType) slot[0],
              (Integer) slot[1],
              crc,
              len,
              imgVersion,
              valid,
              active,
              running,
              readOnly,
              start,
              sizeDw * 4));
    }
    return new FirmwarePartitions(version, flashSize, parts);
  }

  /** Encodes an answer (simulator side); {@code parts} in {@link #layout} order. */
  public static byte[] encodeAnswer(
      Generation gen,
      FirmwareVersion running,
      long flashSize,
      int deviceId,
      List<FirmwarePartition> parts) {
    byte[] header = new byte[HEADER];
    LeWriter.putU32(header, 0, running.word());
    LeWriter.putU32(header, 4, flashSize);
    LeWriter.putU16(header, 8, deviceId);
    // running_<type>_flag: the copy that runs (our reading; the vendor's tool does not use them)
    for (FirmwarePartition p : parts) {
      int at = runningFlagOffset(gen, p.type());
      if (at >= 0 && p.running()) {
        header[at] = (byte) p.copy();
      }
    }
    LeWriter w = new LeWriter().bytes(header);
    for (FirmwarePartition p : parts) {
      w.u32(p.imageCrc())
          .u32(p.imageLength())
          .u16(p.imageVersion())
          .u8(p.valid() ? 1 : 0)
          .u8(p.active() ? 1 : 0)
          .u32(p.start())
          .u32(p.start() + p.sizeBytes() - 1)
          .u32(0)
          .u32(p.sizeBytes() / 4)
          .u8(p.readOnly() ? 1 : 0)
          .u8(p.running() ? 1 : 0)
          .zeros(2);
    }
    w.zeros(VENDOR_RECORDS * RECORD);
    return w.toBytes();
  }
}
