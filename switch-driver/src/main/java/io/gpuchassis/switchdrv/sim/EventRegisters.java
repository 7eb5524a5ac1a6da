package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.EventHeader;
import io.gpuchassis.switchdrv.command.EventLayout;
import io.gpuchassis.switchdrv.command.PmonEvents;
import io.gpuchassis.switchdrv.command.PortCapabilities;
import java.util.Arrays;

/**
 * The chip's event registers and partition configuration blocks (reference §3): the switch event
 * block at 0x1800, the partition blocks at 0x4000 + p × 0x400 and the event part of every PFF CSR
 * block (+0xC00). Events are found lazily, as the rest of the simulator: every access first
 * compares each port's link, error totals and finished bind operations with what it saw last time
 * and records the difference as occurrences, so a link that went down and came back between two
 * reads counts once per observed change (the simulator has no thread of its own).
 *
 * <p>A PFF that belongs to no partition (an unbound downstream port) records no events: the
 * vendor's tool maps every flagged PFF to a partition port and gives up on one it cannot map.
 */
final class EventRegisters {

  private final ChipState chip;
  private final int[] pffPorts;
  private final int partitionCount;
  private final int[] global = new int[EventLayout.GLOBAL_EVENTS];
  private final int[][] part;
  private final int[][] pff;
  private final int[] linkSeen;
  private final long[] errorsSeen;
  private final int[] opsSeen;

  EventRegisters(ChipState chip, int[] pffPorts, int partitionCount, boolean pax) {
    this.chip = chip;
    this.pffPorts = pffPorts;
    this.partitionCount = partitionCount;
    this.part = new int[partitionCount][EventLayout.PART_EVENTS];
    this.pff = new int[pffPorts.length][EventLayout.PFF_EVENTS];
    this.linkSeen = new int[pffPorts.length];
    this.errorsSeen = new long[pffPorts.length];
    this.opsSeen = new int[pffPorts.length];
    if (!pax) {
      global[EventLayout.GLOBAL_GFMS] = EventHeader.NOT_SUPPORTED; // a fabric (PAX) event only
    }
  }

  static boolean covers(long gasAddress) {
    return (gasAddress >= EventLayout.SW_EVENT_BASE && gasAddress < EventLayout.SW_EVENT_END)
        || (gasAddress >= EventLayout.PART_CFG_BASE && gasAddress < EventLayout.PART_CFG_END)
        || (gasAddress >= PortCapabilities.PFF_BASE
            && (gasAddress - PortCapabilities.PFF_BASE) % PortCapabilities.PFF_STRIDE
                >= EventLayout.PFF_EVENT_SUMMARY);
  }

  /** Records what changed since the last access. */
  void sync(long now) {
    for (int i = 0; i < pffPorts.length; i++) {
      SimPort p = chip.ports.get(pffPorts[i]);
      boolean running = p.opRunning(now);
      if (p.opsCompleted != opsSeen[i] && !running) {
        opsSeen[i] = p.opsCompleted;
        if (p.lastOpPartition >= 0 && p.lastOpPartition < partitionCount) {
          occur(part[p.lastOpPartition], EventLayout.PART_DYN_BINDING, 1);
        }
      }
      int link = signature(p.link(chip, now));
      long errors = p.count(chip, PmonEvents.CORRECTABLE | PmonEvents.UNCORRECTABLE, now);
      boolean inPartition = p.bound && p.partition >= 0 && p.partition < partitionCount;
      if (inPartition && link != linkSeen[i]) {
        occur(pff[i], EventLayout.PFF_LINK_STATE, 1);
        chip.log.add(
            now,
            FirmwareLog.MODULE_LINK,
            FirmwareLog.SEVERITY_MEDIUM,
            (link & 1) != 0 ? 0 : 1, // 0: link up, 1: link down
            pffPorts[i],
            link >>> 16,
            (link >>> 8) & 0xFF);
      }
      if (inPartition && errors > errorsSeen[i]) {
        occur(pff[i], EventLayout.PFF_AER_IN_P2P, errors - errorsSeen[i]);
      }
      linkSeen[i] = link;
      errorsSeen[i] = Math.max(errors, errorsSeen[i]);
    }
  }

  /** Any change of these is a link state change: down, training, recovery, up, width, speed. */
  private static int signature(SimPort.Link l) {
    return (l.up() ? 1 : 0)
        | (l.training() ? 2 : 0)
        | (l.recovery() ? 4 : 0)
        | l.width() << 8
        | l.gen() << 16;
  }

  /** A presence change on a hot-plug slot (surprise down and its recovery). */
  void hotplug(int physicalPort) {
    int i = Arrays.binarySearch(pffPorts, physicalPort);
    SimPort p = i < 0 ? null : chip.ports.get(physicalPort);
    if (p != null && p.bound && p.partition >= 0 && p.partition < partitionCount) {
      occur(pff[i], EventLayout.PFF_HOTPLUG, 1);
    }
  }

  private static void occur(int[] block, int event, long times) {
    int hdr = block[event];
    if ((hdr & EventHeader.NOT_SUPPORTED) != 0) {
      return;
    }
    int count = (int) ((EventHeader.count(hdr) + times) & 0xFF);
    block[event] =
        (hdr & ~(EventHeader.COUNT_MASK << EventHeader.COUNT_SHIFT))
            | count << EventHeader.COUNT_SHIFT
            | EventHeader.OCCURRED;
  }

  private static int summary(int[] block) {
    int s = 0;
    for (int e = 0; e < block.length; e++) {
      if ((block[e] & EventHeader.OCCURRED) != 0) {
        s |= 1 << e;
      }
    }
    return s;
  }

  /** The 32-bit register at a dword-aligned GAS address inside {@link #covers}. */
  int dword(int a, long now) {
    if (a < EventLayout.SW_EVENT_END) {
      return switchEventDword(a - EventLayout.SW_EVENT_BASE);
    }
    if (a < EventLayout.PART_CFG_END) {
      int p = (a - EventLayout.PART_CFG_BASE) / EventLayout.PART_CFG_STRIDE;
      int within = (a - EventLayout.PART_CFG_BASE) % EventLayout.PART_CFG_STRIDE;
      return p < partitionCount ? partitionDword(p, within, now) : 0;
    }
    int idx = (a - PortCapabilities.PFF_BASE) / PortCapabilities.PFF_STRIDE;
    int within = (a - PortCapabilities.PFF_BASE) % PortCapabilities.PFF_STRIDE;
    if (idx >= pffPorts.length) {
      return 0;
    }
    if (within == EventLayout.PFF_EVENT_SUMMARY) {
      return summary(pff[idx]);
    }
    int e = headerIndex(within - EventLayout.PFF_FIRST_HEADER, EventLayout.PFF_EVENTS);
    return e >= 0 ? pff[idx][e] : 0;
  }

  private int switchEventDword(int within) {
    long bitmap = partEventBitmap();
    switch (within) {
      case EventLayout.PART_EVENT_BITMAP:
        return (int) bitmap;
      case EventLayout.PART_EVENT_BITMAP + 4:
        return (int) (bitmap >>> 32);
      case EventLayout.GLOBAL_SUMMARY:
        return summary(global) & ~(1 << EventLayout.GLOBAL_GFMS);
      default:
        int e = headerIndex(within - EventLayout.GLOBAL_FIRST_HEADER, EventLayout.GLOBAL_EVENTS);
        return e >= 0 ? global[e] : 0;
    }
  }

  private long partEventBitmap() {
    long bitmap = 0;
    for (int p = 0; p < partitionCount; p++) {
      if (summary(part[p]) != 0 || portEventBitmap(p) != 0) {
        bitmap |= 1L << p;
      }
    }
    return bitmap;
  }

  /** Bit n: logical port n of the partition (0 = upstream, n = DSP n, up to 31) has events. */
  private int portEventBitmap(int partition) {
    int bitmap = 0;
    for (int i = 0; i < pffPorts.length; i++) {
      SimPort p = chip.ports.get(pffPorts[i]);
      if (p.bound && p.partition == partition && p.logical < 32 && summary(pff[i]) != 0) {
        bitmap |= 1 << p.logical;
      }
    }
    return bitmap;
  }

  private int partitionDword(int partition, int within, long now) {
    switch (within) {
      case EventLayout.PART_STATUS:
        return 1; // the partition is active
      case EventLayout.PART_PORT_CNT:
        return pffOfLogical(partition, -1, now);
      case EventLayout.PART_USP_PFF:
        return pffOfLogical(partition, 0, now);
      case EventLayout.PART_VEP_PFF:
        return EventLayout.NO_PFF; // the management endpoint is not modelled
      case EventLayout.PART_PORT_EVENT_BITMAP:
        return portEventBitmap(partition);
      case EventLayout.PART_EVENT_SUMMARY:
        return summary(part[partition]);
      default:
        if (within >= EventLayout.PART_DSP_PFF && within < EventLayout.PART_DSP_PFF + 47 * 4) {
          return pffOfLogical(partition, 1 + (within - EventLayout.PART_DSP_PFF) / 4, now);
        }
        int e = headerIndex(within - EventLayout.PART_FIRST_HEADER, EventLayout.PART_EVENTS);
        return e >= 0 ? part[partition][e] : 0;
    }
  }

  /** The PFF index of a logical port of a partition, or the port count when logical is -1. */
  private int pffOfLogical(int partition, int logical, long now) {
    int count = 0;
    for (int i = 0; i < pffPorts.length; i++) {
      SimPort p = chip.ports.get(pffPorts[i]);
      p.settle(now);
      if (p.bound && p.partition == partition) {
        if (p.logical == logical) {
          return i;
        }
        count++;
      }
    }
    return logical < 0 ? count : EventLayout.NO_PFF;
  }

  /** Which event header a header-area offset names, or -1 for its data words and beyond. */
  private static int headerIndex(int offsetFromFirst, int events) {
    if (offsetFromFirst < 0 || offsetFromFirst % EventLayout.EVENT_STRIDE != 0) {
      return -1;
    }
    int e = offsetFromFirst / EventLayout.EVENT_STRIDE;
    return e < events ? e : -1;
  }

  /**
   * A write to a dword-aligned register: an event header keeps its count and support bit, takes the
   * four enable bits, and clears "occurred" when bit 0 is written 1. Everything else here is
   * read-only.
   */
  void write(int a, int value) {
    int[] block;
    int e;
    if (a < EventLayout.SW_EVENT_END) {
      block = global;
      e =
          headerIndex(
              a - EventLayout.SW_EVENT_BASE - EventLayout.GLOBAL_FIRST_HEADER,
              EventLayout.GLOBAL_EVENTS);
    } else if (a < EventLayout.PART_CFG_END) {
      int p = (a - EventLayout.PART_CFG_BASE) / EventLayout.PART_CFG_STRIDE;
      if (p >= partitionCount) {
        return;
      }
      block = part[p];
      e =
          headerIndex(
              (a - EventLayout.PART_CFG_BASE) % EventLayout.PART_CFG_STRIDE
                  - EventLayout.PART_FIRST_HEADER,
              EventLayout.PART_EVENTS);
    } else {
      int idx = (a - PortCapabilities.PFF_BASE) / PortCapabilities.PFF_STRIDE;
      if (idx >= pffPorts.length) {
        return;
      }
      block = pff[idx];
      e =
          headerIndex(
              (a - PortCapabilities.PFF_BASE) % PortCapabilities.PFF_STRIDE
                  - EventLayout.PFF_FIRST_HEADER,
              EventLayout.PFF_EVENTS);
    }
    if (e < 0) {
      return;
    }
    int hdr = block[e];
    int kept =
        hdr & (EventHeader.NOT_SUPPORTED | EventHeader.COUNT_MASK << EventHeader.COUNT_SHIFT);
    int occurred = (hdr & EventHeader.OCCURRED) != 0 && (value & EventHeader.CLEAR) == 0 ? 1 : 0;
    block[e] = kept | (value & EventHeader.ENABLE_BITS) | occurred;
  }
}
