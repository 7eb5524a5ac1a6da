package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.wire.LeReader;

/**
 * The top-config register block at GAS 0x1000 (reference §3): partition_count u8 @0x1007,
 * partition_id u8 @0x1008 (the partition of this interface), pff_count u8 @0x1009 and
 * pff_port[255] @0x100A, the physical port of each PFF (port function) instance.
 */
public record TopConfig(int partitionCount, int partitionId, int[] pffPorts) {

  public static final int GAS_OFFSET = 0x1000;
  public static final int LENGTH = 0x0A + 255;

  public static TopConfig decode(byte[] block) {
    LeReader r = new LeReader(block, "top config").at(7);
    int partCount = r.u8();
    int partId = r.u8();
    int pffCount = r.u8();
    int[] ports = new int[Math.min(pffCount, 255)];
    for (int i = 0; i < ports.length; i++) {
      ports[i] = r.u8();
    }
    return new TopConfig(partCount, partId, ports);
  }

  /** The PFF instance of a physical port, or -1. */
  public int pffOf(int physicalPort) {
    for (int i = 0; i < pffPorts.length; i++) {
      if (pffPorts[i] == physicalPort) {
        return i;
      }
    }
    return -1;
  }
}
