package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.PartInfo;
import io.gpuchassis.switchdrv.wire.Crc32;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The chip's flash: A/B partition records and which copy of each type is active. This is the state
 * that survives power loss and resets. Caller holds the chip's lock.
 */
final class SimFlash {

  /** One partition. */
  static final class Slot {
    final FirmwareType type;
    final int copy;
    final long start;
    final long size;
    final boolean readOnly;
    boolean valid;
    long crc;
    long length;
    int versionWord;

    Slot(FirmwareType type, int copy, long start, long size, boolean readOnly) {
      this.type = type;
      this.copy = copy;
      this.start = start;
      this.size = size;
      this.readOnly = readOnly;
    }

    /** Marks the partition erased: nothing valid in it. */
    void erase() {
      valid = false;
      crc = 0xFFFFFFFFL;
      length = 0;
      versionWord = 0;
    }
  }

  private final List<Slot> slots = new ArrayList<>();
  private final int[] active = new int[FirmwareType.values().length];
  final long flashSize;

  SimFlash(ChipIdentity id, Generation gen) {
    long addr = 0;
    for (Object[] l : PartInfo.layout(gen)) {
      FirmwareType type = (FirmwareType) l[0];
      long size = sizeOf(type);
      Slot s = new Slot(type, (Integer) l[1], addr, size, false);
      byte[] body = ("factory " + type + " copy " + s.copy).getBytes(StandardCharsets.US_ASCII);
      s.valid = true;
      s.crc = Crc32.of(body);
      s.length = body.length;
      FirmwareVersion v = id.firmwareVersion();
      s.versionWord =
          type == FirmwareType.IMG && s.copy == 1
              ? new FirmwareVersion(v.major(), Math.max(0, v.minor() - 1), v.build()).word()
              : v.word();
      slots.add(s);
      addr += size;
    }
    flashSize = Math.max(addr, 16L << 20);
  }

  private static long sizeOf(FirmwareType t) {
    switch (t) {
      case IMG:
        return 4L << 20;
      case BL2:
      case CFG:
      case NVLOG:
        return 256L << 10;
      default:
        return 64L << 10;
    }
  }

  Slot slot(FirmwareType type, int copy) {
    for (Slot s : slots) {
      if (s.type == type && s.copy == copy) {
        return s;
      }
    }
    return null;
  }

  boolean has(FirmwareType type) {
    return slot(type, 0) != null;
  }

  int activeCopy(FirmwareType type) {
    return active[type.ordinal()];
  }

  void setActive(FirmwareType type, int copy) {
    active[type.ordinal()] = copy;
  }

  /** PART_INFO records in wire order. */
  List<FirmwarePartition> records(int[] runningCopy) {
    List<FirmwarePartition> out = new ArrayList<>();
    for (Slot s : slots) {
      boolean single = s.type == FirmwareType.NVLOG;
      out.add(
          new FirmwarePartition(
              s.type,
              s.copy,
              s.crc,
              s.length,
              s.versionWord >>> 16,
              s.valid,
              single || active[s.type.ordinal()] == s.copy,
              single || runningCopy[s.type.ordinal()] == s.copy,
              s.readOnly,
              s.start,
              s.size));
    }
    return out;
  }
}
