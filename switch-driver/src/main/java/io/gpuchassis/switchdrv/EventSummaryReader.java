package io.gpuchassis.switchdrv;

import io.gpuchassis.switchdrv.command.EventHeader;
import io.gpuchassis.switchdrv.command.EventLayout;
import io.gpuchassis.switchdrv.command.TopConfig;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads the chip's event summary top-down so that a quiet chip costs one GAS read whatever its port
 * count: the switch event block (partition bitmap and global summary), then only the flagged
 * partitions' blocks (port bitmap, partition summary, PFF of each logical port), then only the
 * flagged ports' PFF event blocks. Every event found is acknowledged by writing its header back
 * with bit 0 set, as switchtec-user's event_ctl does with SWITCHTEC_EVT_FLAG_CLEAR, so the summary
 * goes quiet again; the counts are kept by the chip (the kernel driver tells link changes by the
 * link state count, and so can a caller). Partition reset and MRPC completion events are left to
 * the host's kernel driver, which owns them.
 */
final class EventSummaryReader {

  private static final int SW_READ = EventLayout.GLOBAL_SUMMARY + 4 - EventLayout.PART_EVENT_BITMAP;
  private static final int PART_READ =
      EventLayout.PART_EVENT_SUMMARY + 4 - EventLayout.PART_PORT_CNT;

  private final SwitchTransport transport;

  EventSummaryReader(SwitchTransport transport) {
    this.transport = transport;
  }

  SwitchEvents read(TopConfig top) {
    byte[] sw = transport.read(EventLayout.SW_EVENT_BASE + EventLayout.PART_EVENT_BITMAP, SW_READ);
    long bitmap = (LeWriter.getI32(sw, 0) & 0xFFFFFFFFL) | (long) LeWriter.getI32(sw, 4) << 32;
    int global = LeWriter.getI32(sw, EventLayout.GLOBAL_SUMMARY - EventLayout.PART_EVENT_BITMAP);
    if (bitmap == -1L && global == -1) {
      throw new SwitchException(
          SwitchException.Kind.IO, "switch does not answer (event summary reads all-ones)");
    }
    if (bitmap == 0) {
      return global == 0 ? SwitchEvents.NONE : new SwitchEvents(global, Map.of(), Set.of());
    }
    Map<Integer, SwitchEvents.PortEvents> ports = new HashMap<>();
    Set<Integer> bindings = new HashSet<>();
    for (int p = 0; p < Math.min(64, top.partitionCount()); p++) {
      if ((bitmap & 1L << p) != 0) {
        readPartition(top, p, ports, bindings);
      }
    }
    return new SwitchEvents(global, ports, bindings);
  }

  private void readPartition(
      TopConfig top,
      int partition,
      Map<Integer, SwitchEvents.PortEvents> ports,
      Set<Integer> bindings) {
    int base = EventLayout.partitionBlock(partition);
    byte[] b = transport.read(base + EventLayout.PART_PORT_CNT, PART_READ);
    int portBitmap = field(b, EventLayout.PART_PORT_EVENT_BITMAP);
    int summary = field(b, EventLayout.PART_EVENT_SUMMARY);
    if ((summary & 1 << EventLayout.PART_DYN_BINDING) != 0) {
      int at =
          base
              + EventLayout.PART_FIRST_HEADER
              + EventLayout.PART_DYN_BINDING * EventLayout.EVENT_STRIDE;
      if (acknowledge(at, LeWriter.getI32(transport.read(at, 4), 0))) {
        bindings.add(partition);
      }
    }
    // the port bitmap has a bit per logical port up to 31; logical ports above are read directly
    for (int logical = 0; logical <= 47; logical++) {
      if (logical < 32 && (portBitmap & 1 << logical) == 0) {
        continue;
      }
      int pff =
          field(
              b,
              logical == 0
                  ? EventLayout.PART_USP_PFF
                  : EventLayout.PART_DSP_PFF + 4 * (logical - 1));
      if (pff >= 0 && pff < top.pffPorts().length) {
        readPff(pff, top.pffPorts()[pff], ports);
      }
    }
  }

  private static int field(byte[] block, int offsetInPartition) {
    return LeWriter.getI32(block, offsetInPartition - EventLayout.PART_PORT_CNT);
  }

  private void readPff(int pff, int physicalPort, Map<Integer, SwitchEvents.PortEvents> ports) {
    int base = EventLayout.pffBlock(pff) + EventLayout.PFF_EVENT_SUMMARY;
    byte[] b = transport.read(base, EventLayout.PFF_EVENT_BLOCK_LENGTH);
    int summary = LeWriter.getI32(b, 0);
    if (summary == 0) {
      return;
    }
    int seen = 0;
    int linkCount = 0;
    for (int e = 0; e < EventLayout.PFF_EVENTS; e++) {
      int off =
          EventLayout.PFF_FIRST_HEADER
              - EventLayout.PFF_EVENT_SUMMARY
              + e * EventLayout.EVENT_STRIDE;
      int hdr = LeWriter.getI32(b, off);
      if (e == EventLayout.PFF_LINK_STATE) {
        linkCount = EventHeader.count(hdr);
      }
      if ((summary & 1 << e) != 0 && acknowledge(base + off, hdr)) {
        seen |= 1 << e;
      }
    }
    if (seen != 0) {
      ports.put(physicalPort, new SwitchEvents.PortEvents(physicalPort, seen, linkCount));
    }
  }

  /** Clears one occurred event (write 1 to bit 0, enables kept); false if it had not occurred. */
  private boolean acknowledge(int address, int hdr) {
    if (!EventHeader.occurred(hdr) || (hdr & EventHeader.NOT_SUPPORTED) != 0) {
      return false;
    }
    byte[] v = new byte[4];
    LeWriter.putU32(v, 0, EventHeader.acknowledge(hdr) & 0xFFFFFFFFL);
    transport.write(address, v);
    return true;
  }
}
