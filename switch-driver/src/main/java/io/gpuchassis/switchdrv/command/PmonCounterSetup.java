package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * One PMON event-counter configuration, the packed 9-byte record {mask u32, ieg u8, thresh u32}
 * where mask = (type_mask &lt;&lt; 8) | port_mask and ieg = (egress ? 0x80 : 0) | (type_mask
 * &gt;&gt; 24) (reference §2.7).
 *
 * @param portMask ports within the stack (bit per port)
 * @param typeMask event-type bits ({@link PmonEvents})
 * @param egress count egress instead of ingress
 * @param threshold threshold that raises the THRESH event (0 = none)
 */
public record PmonCounterSetup(int portMask, int typeMask, boolean egress, long threshold) {

  public static final int SIZE = 9;

  void write(LeWriter w) {
    w.u32(((long) typeMask << 8 | (portMask & 0xFF)) & 0xFFFFFFFFL);
    w.u8((egress ? 0x80 : 0) | ((typeMask >>> 24) & 0x7F));
    w.u32(threshold);
  }

  static PmonCounterSetup read(LeReader r) {
    long mask = r.u32();
    int ieg = r.u8();
    long thresh = r.u32();
    int typeMask = (int) (mask >>> 8) | (ieg & 0x7F) << 24;
    return new PmonCounterSetup((int) (mask & 0xFF), typeMask, (ieg & 0x80) != 0, thresh);
  }

  /** Encodes a list of records (simulator side). */
  public static byte[] encodeAll(java.util.List<PmonCounterSetup> setups) {
    LeWriter w = new LeWriter();
    for (PmonCounterSetup s : setups) {
      s.write(w);
    }
    return w.toBytes();
  }

  /** Decodes {@code n} records from {@code data} (simulator side). */
  public static java.util.List<PmonCounterSetup> decodeAll(byte[] data, int offset, int n) {
    LeReader r = new LeReader(data, "PMON setup").at(offset);
    java.util.List<PmonCounterSetup> out = new java.util.ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(read(r));
    }
    return out;
  }
}
