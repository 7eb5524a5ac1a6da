package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import io.gpuchassis.switchdrv.command.PartInfo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The chip's flash: A/B partitions with the image files they hold (628-byte metadata, then the
 * body, as a download writes them) and which copy of each type is active. This is the state that
 * survives power loss and resets. Caller holds the chip's lock.
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

    /** The image file stored from the partition's start, or null when erased. */
    byte[] image;

    /** Gen3: the footer at the partition's end (see {@link Gen3Flash}), or null. */
    byte[] footer;

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
      image = null;
    }

    /** Stores a whole image file whose metadata was parsed into {@code meta}. */
    void store(byte[] file, FirmwareImage meta) {
      valid = true;
      crc = meta.imageCrc();
      length = meta.imageLength();
      versionWord = meta.version().word();
      image = file.clone();
    }

    /** The byte at {@code offset} from the partition's start (erased flash reads 0xFF). */
    int byteAt(long offset) {
      if (footer != null && offset >= size - footer.length && offset < size) {
        return footer[(int) (offset - (size - footer.length))] & 0xFF;
      }
      return image != null && offset < image.length ? image[(int) offset] & 0xFF : 0xFF;
    }
  }

  private final List<Slot> slots = new ArrayList<>();
  private final int[] active = new int[FirmwareType.values().length];
  final long flashSize;

  SimFlash(ChipIdentity id, Generation gen) {
    if (gen == Generation.GEN3) {
      slots.addAll(Gen3Flash.factorySlots(id));
      flashSize = Gen3Flash.FLASH_LENGTH;
      return;
    }
    long addr = 0;
    for (Object[] l : PartInfo.layout(gen)) {
      FirmwareType type = (FirmwareType) l[0];
      long size = sizeOf(type);
      Slot s = new Slot(type, (Integer) l[1], addr, size, false);
      FirmwareVersion v = id.firmwareVersion();
      if (type == FirmwareType.IMG && s.copy == 1) {
        v = new FirmwareVersion(v.major(), Math.max(0, v.minor() - 1), v.build());
      }
      if (type == FirmwareType.NVLOG) {
        s.valid = true; // a log, not an image: no metadata
        s.crc = 0xFFFFFFFFL;
      } else if (type == FirmwareType.DBG) {
        s.erase(); // no debug token installed
      } else {
        byte[] body = ("factory " + type + " copy " + s.copy).getBytes(StandardCharsets.US_ASCII);
        byte[] file = FirmwareImage.build(type, gen, v, 1, body);
        s.store(file, FirmwareImage.parse(file, gen));
      }
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

  /** The slot at a PART_INFO partition ID (its record index), or null. */
  Slot byPartitionId(int id) {
    return id >= 0 && id < slots.size() ? slots.get(id) : null;
  }

  /** The slot whose address range holds {@code address}, or null. */
  Slot at(long address) {
    for (Slot s : slots) {
      if (address >= s.start && address < s.start + s.size) {
        return s;
      }
    }
    return null;
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
              s.valid && (single || runningCopy[s.type.ordinal()] == s.copy),
              s.readOnly,
              s.start,
              s.size));
    }
    return out;
  }
}
